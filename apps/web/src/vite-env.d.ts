/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when the app is not served by the API server itself (e.g. `https://api.example.com`). */
  readonly VITE_API_ORIGIN?: string;
  /** The desktop site (the spec's `pc.` host, e.g. `https://pc.example.com`); desktop browsers are sent there. */
  readonly VITE_PC_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The web app's version from its package.json, set by vite.config.ts. */
declare const __APP_VERSION__: string;
