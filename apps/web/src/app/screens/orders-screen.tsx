import { lazy, Suspense } from 'react';
import OrdersPage from '../../features/orders/components/orders-page.tsx';

/** Orders › Copying (issue 34): the trader's follows, its own chunk, fetched when the tab is first opened. */
const CopyingSection = lazy(() => import('../../features/copy/components/copying-section.tsx'));

/**
 * /order (spec §2): the orders screen with its Copying tab composed in (features do not import each other): the
 * copy-trading feature draws the tab's content.
 */
export default function OrdersScreen() {
  return (
    <OrdersPage
      copying={() => (
        <Suspense fallback={<span className="sk" style={{ display: 'block', height: 160, margin: 12 }} aria-hidden="true" />}>
          <CopyingSection />
        </Suspense>
      )}
    />
  );
}
