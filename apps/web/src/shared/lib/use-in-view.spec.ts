import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchInView } from './use-in-view.ts';

/** A stand-in for the browser's IntersectionObserver that records what it watches and reports when told. */
class FakeObserver {
  static made: FakeObserver[] = [];
  readonly watched = new Set<object>();
  constructor(
    readonly report: (entries: Array<{ target: object; isIntersecting: boolean }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.made.push(this);
  }
  observe(el: object) {
    this.watched.add(el);
  }
  unobserve(el: object) {
    this.watched.delete(el);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.made = [];
});

describe('watchInView', () => {
  it('shares one observer per margin and tells each element its own changes', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const a = {} as Element;
    const b = {} as Element;
    const seen: string[] = [];
    const stopA = watchInView(a, (v) => seen.push(`a ${v}`), '11px');
    watchInView(b, (v) => seen.push(`b ${v}`), '11px');
    expect(FakeObserver.made).toHaveLength(1);
    const observer = FakeObserver.made[0]!;
    expect(observer.options.rootMargin).toBe('11px');
    expect(observer.watched).toEqual(new Set([a, b]));

    observer.report([
      { target: a, isIntersecting: true },
      { target: b, isIntersecting: false },
    ]);
    expect(seen).toEqual(['a true', 'b false']);

    // Once stopped, an element is no longer watched nor told.
    stopA();
    expect(observer.watched).toEqual(new Set([b]));
    observer.report([{ target: a, isIntersecting: false }]);
    expect(seen).toEqual(['a true', 'b false']);

    watchInView({} as Element, () => {}, '22px');
    expect(FakeObserver.made).toHaveLength(2);
  });

  it('counts everything as in view where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const seen: boolean[] = [];
    const stop = watchInView({} as Element, (v) => seen.push(v), '33px');
    expect(seen).toEqual([true]);
    expect(stop).not.toThrow();
  });
});
