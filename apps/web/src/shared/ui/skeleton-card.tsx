/** A grey bar of a skeleton as `width/height`: a CSS width and a height in pixels (`'40%/16'`). */
export type SkeletonBar = `${string}/${number}`;

/** Grey bars shaped like a card's content while it loads (DESIGN §9), hidden from screen readers. */
export function SkeletonCard({ className, bars }: { className: string; bars: readonly SkeletonBar[] }) {
  return (
    <div className={className} aria-hidden="true">
      {bars.map((bar, i) => {
        const [width, height] = bar.split('/');
        return <span key={i} className="sk" style={{ width, height: Number(height) }} />;
      })}
    </div>
  );
}
