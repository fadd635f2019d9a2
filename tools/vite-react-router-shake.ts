// Vite plugin (build only): lets Rollup drop the react-router components the app never uses.
// react-router's production chunk defines its components as `var NavLink = React.forwardRef(...)`
// followed by `NavLink.displayName = "NavLink"`: an unannotated call and a property write, both of
// which Rollup must keep, so NavLink, Form, useSubmit and the form-submission helpers they use were
// shipped on the first route unused (about 1.4 KiB gzip). Marking the forwardRef calls pure and
// dropping the top-level displayName writes (read by React's development tools only, which this
// production build does not serve) leaves what the app imports, the same code. If a react-router
// release changes these lines, nothing matches and the bundle is simply as large as before.
import type { Plugin } from 'vite';

const ROUTER_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;

export function shakeReactRouter(): Plugin {
  return {
    name: 'menuboard-react-router-shake',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_CHUNK.test(id)) return null;
      const shaken = code
        .replace(/^(var \w+ = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
      return shaken === code ? null : { code: shaken, map: null };
    },
  };
}
