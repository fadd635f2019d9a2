// Request validators (body, querystring, params) compiled when a route first validates a request,
// not all at start. Fastify compiles an Ajv validator for every route's every request schema while it
// starts; after serializers went lazy (lazy-serializers.ts) that was the largest part of the start's
// CPU (about 0.9 s on a loaded machine), for routes a process may never be called on. The validator
// is Fastify's own (@fastify/ajv-compiler, same options, same shared schemas); only when it is
// compiled changes. A schema that does not compile would now fail its route's first request instead
// of the start, so tests/server/request-schemas-compile.test.ts compiles every one.
//
// With a custom validator compiler Fastify hands header schemas over as written, without lowering
// their keys: no route here declares a header schema (a test says so).
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type Factory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
type Compile = FastifySchemaCompiler<unknown>;
type Validate = ReturnType<Compile>;
// What Fastify calls: (shared schemas, Ajv options) -> (route schema) -> validator. The package's
// own types describe its pool differently, so the one call is typed here.
type Selector = (externalSchemas: unknown, options: unknown) => Compile;

export interface LazyValidators {
  buildValidator: Factory;
  /** Compiles every validator not compiled yet (what Fastify would have done at start); returns how many. */
  compileAll(): number;
  /** The request parts with a schema, over every route built so far ('body', 'querystring', ...). */
  parts(): ReadonlySet<string>;
}

export function lazyValidators(): LazyValidators {
  const selector = AjvCompiler() as unknown as Selector;
  const waiting = new Set<() => unknown>();
  const parts = new Set<string>();
  const buildValidator = ((externalSchemas: unknown, options: unknown): Compile => {
    // Made on the first compile too: it adds every shared schema to a new Ajv instance.
    let compile: Compile | undefined;
    return (route) => {
      parts.add(route.httpPart ?? '');
      let validate: Validate | undefined;
      const compiled = (): Validate => {
        if (!validate) {
          waiting.delete(compiled);
          compile ??= selector(externalSchemas, options);
          validate = compile(route);
        }
        return validate;
      };
      waiting.add(compiled);
      // Fastify reads `errors` from the function it was given, after calling it.
      const lazy = ((data: unknown) => {
        const inner = compiled();
        const result = inner(data);
        lazy.errors = inner.errors;
        return result;
      }) as Validate;
      return lazy;
    };
  }) as unknown as Factory;
  return {
    buildValidator,
    compileAll() {
      const all = [...waiting];
      for (const compile of all) compile();
      return all.length;
    },
    parts: () => parts,
  };
}
