import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';
import { Loading } from 'react-admin';

/**
 * The page `name` of the module `load` imports, fetched the first time it is drawn: each feature's module becomes a
 * chunk of its own, so the console's first load carries only the sign-in, the enrolment and the layout. Until it
 * arrives react-admin's `<Loading/>` stands in its place. The name is checked against the module's
 * exports; a page takes no props, as react-admin and the console's routes draw it.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<NoInfer<K>, ComponentType>>, name: K): () => ReactElement {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
