import { type Root, createRoot } from 'react-dom/client';
import { Dialog, Popup, Toast, unstableSetRender } from 'antd-mobile';

/**
 * antd-mobile as this app uses it: every screen imports antd-mobile through this module, so React 19's render shim
 * (antd-mobile's "v5 for React 19" guide) is in place before any imperative Toast or Dialog renders. Kept out of the
 * first screen's bundle: only screens that use antd-mobile load it.
 */
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(host);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

export { Dialog, Popup, Toast };
