// Modules Vite provides that the type check cannot see.

/** Written by `npm run analyze` (git-ignored): typed here so that the type check does not need it. */
declare module '*/custom-elements.json' {
  const manifest: object;
  export default manifest;
}

/** A file's URL, never inlined as a data: URL (Vite's `?no-inline`). */
declare module '*?no-inline' {
  const url: string;
  export default url;
}
