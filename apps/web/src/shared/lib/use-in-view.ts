import { useCallback, useState } from 'react';

/*
 * Whether an element is on screen or near it, from one IntersectionObserver shared by every element watched with the
 * same margin (a list of rows costs one observer, not one each). Where the browser has no IntersectionObserver,
 * everything counts as in view.
 */

type OnChange = (inView: boolean) => void;

interface Shared {
  observer: IntersectionObserver;
  listeners: Map<Element, OnChange>;
}

const observers = new Map<string, Shared>();

function sharedObserver(rootMargin: string): Shared | undefined {
  if (typeof IntersectionObserver !== 'function') return undefined;
  let shared = observers.get(rootMargin);
  if (!shared) {
    const listeners = new Map<Element, OnChange>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
      },
      { rootMargin },
    );
    shared = { observer, listeners };
    observers.set(rootMargin, shared);
  }
  return shared;
}

/** Starts watching `el`; returns the function that stops. */
export function watchInView(el: Element, onChange: OnChange, rootMargin: string): () => void {
  const shared = sharedObserver(rootMargin);
  if (!shared) {
    onChange(true);
    return () => {};
  }
  shared.listeners.set(el, onChange);
  shared.observer.observe(el);
  return () => {
    shared.listeners.delete(el);
    shared.observer.unobserve(el);
  };
}

/**
 * A ref callback for an element and whether it is within `rootMargin` of the viewport. `initial` is the guess used
 * until the observer first answers (true for the rows that a first screen shows), so a right guess renders once.
 */
export function useInView<T extends Element>(
  initial: boolean,
  rootMargin = '200px',
): [(el: T | null) => (() => void) | undefined, boolean] {
  const [inView, setInView] = useState(initial);
  // React 19 calls the returned function when the element goes.
  const ref = useCallback((el: T | null) => (el ? watchInView(el, setInView, rootMargin) : undefined), [rootMargin]);
  return [ref, inView];
}
