// Modules Vite provides that the type check cannot see.

/** Written by `npm run analyze` (git-ignored): typed here so that the type check does not need it. */
declare module '*/custom-elements.json' {
  const manifest: object;
  export default manifest;
}

/** A file's URL (Vite's `?url`). */
declare module '*?url' {
  const url: string;
  export default url;
}
