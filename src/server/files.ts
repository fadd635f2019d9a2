// Where the server finds the files it reads at run time. The same code runs from its sources
// (src/server/*.ts, through tsx or vitest) and from the bundle `npm run build` writes
// (dist/server/server.js, tools/build-server.mjs). Both sit two folders below the project root,
// and the build copies what the server reads beside the bundle in the layout it has here
// (migrations, worker scripts, the providers' scripts already bundled), so a path relative to this
// module's folder is right in both. Never write `new URL(..., import.meta.url)` elsewhere in the
// server: in the bundle every module's import.meta.url is that of the file it was bundled into
// (server.js or a chunk beside it, all in dist/server/).

/** src/server/ from the sources, dist/server/ from the bundle (a file URL ending in a slash). */
export const serverDir = new URL('./', import.meta.url);

/** The project root (partners/, schemas/). */
export const rootDir = new URL('../../', import.meta.url);

/** A file the server ships with, relative to src/server/ (or dist/server/), as a file URL. */
export const serverFile = (path: string): URL => new URL(path, serverDir);

/** A file of the project, relative to its root, as a file URL. */
export const projectFile = (path: string): URL => new URL(path, rootDir);
