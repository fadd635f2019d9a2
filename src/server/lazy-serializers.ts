// Response serializers compiled when a route first answers with that status, not all at start.
// Fastify compiles a fast-json-stringify serializer for every route's every response schema while
// it starts; here that was three quarters of the start's CPU (seconds on a loaded machine) and
// code kept for routes a process may never answer. The serializer is Fastify's own
// (@fastify/fast-json-stringify-compiler, same options, same external schemas); only when it is
// compiled changes. A schema that does not compile would now fail its route's first answer instead
// of the start, so tests/server/response-schemas-compile.test.ts compiles every one.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { CompileLater } from './compile-later.ts';

type Factory = ReturnType<typeof SerializerSelector>;

export interface LazySerializers {
  buildSerializer: Factory;
  /** Compiles every serializer not compiled yet (what Fastify would have done at start); returns how many. */
  compileAll(): number;
}

export function lazySerializers(): LazySerializers {
  const selector = SerializerSelector();
  const later = new CompileLater();
  const buildSerializer: Factory = (externalSchemas, options) => {
    const compile = selector(externalSchemas, options);
    return (route) => {
      const serializer = later.once(() => compile(route));
      return (doc: unknown) => serializer()(doc);
    };
  };
  return {
    buildSerializer,
    compileAll: () => later.compileAll(),
  };
}
