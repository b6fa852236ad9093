/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when the app is not served by the API server itself (e.g. `https://api.example.com`). */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
