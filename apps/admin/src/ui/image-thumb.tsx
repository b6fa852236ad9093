import { useEffect, useRef, useState } from 'react';

/**
 * A private image (deposit proof, ID card side) as a thumbnail that opens full size in a modal dialog. The links are
 * signed and expire after a few minutes, so a failed load says to reload rather than showing a broken image.
 */
export function ImageThumb({ src, label }: { src: string; label: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => setFailed(false), [src]);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  if (!src) {
    return (
      <figure className="thumb thumb-missing">
        <div className="thumb-empty">No image</div>
        <figcaption>{label}</figcaption>
      </figure>
    );
  }
  return (
    <figure className="thumb">
      {failed ? (
        <div className="thumb-empty" role="note">
          Could not load the image; the link may have expired. Reload the list.
        </div>
      ) : (
        <button type="button" className="thumb-button" onClick={() => setOpen(true)} aria-label={`Enlarge ${label}`}>
          <img src={src} alt={label} onError={() => setFailed(true)} />
        </button>
      )}
      <figcaption>{label}</figcaption>
      <dialog
        ref={dialog}
        className="lightbox"
        aria-label={label}
        onClose={() => setOpen(false)}
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false);
        }}
      >
        {open && (
          <div className="lightbox-body">
            <div className="lightbox-bar">
              <strong>{label}</strong>
              <a href={src} target="_blank" rel="noreferrer">
                Open in a new tab
              </a>
              <button type="button" className="secondary" onClick={() => setOpen(false)} autoFocus>
                Close
              </button>
            </div>
            <img src={src} alt={label} />
          </div>
        )}
      </dialog>
    </figure>
  );
}
