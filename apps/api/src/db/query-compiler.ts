import {
  type CollateNode,
  type CompiledQuery,
  type OperationNode,
  PostgresQueryCompiler,
  type PrimitiveValueListNode,
  type QueryId,
  type RootOperationNode,
  type ValueNode,
} from 'kysely';
import { camelCase, isSnakeCased } from './camel-case.js';

/** Where a compiled parameter came from: its value node, or a value list and the value's place in it. */
export type ParameterSource = OperationNode | readonly [PrimitiveValueListNode, number];

/** The sources of the parameters being compiled, while compileWithSources records them. */
let recording: ParameterSource[] | undefined;

/**
 * Runs `compile` (a query's compile(), on a database of PortalQueryCompiler) and tells where each of its
 * parameters came from, in their order; undefined when they cannot all be told. list/list-sql.ts caches
 * a list's SQL by the request's shape and fills a later request's parameters in from the same sources.
 */
export function compileWithSources(compile: () => CompiledQuery): {
  query: CompiledQuery;
  sources: ParameterSource[] | undefined;
} {
  const outer = recording;
  const sources: ParameterSource[] = [];
  recording = sources;
  try {
    const query = compile();
    return { query, sources: sources.length === query.parameters.length ? sources : undefined };
  } finally {
    recording = outer;
  }
}

/**
 * PostgreSQL's compiler for the portal: it writes the identifiers of a query CamelCase marked snake_cased
 * (db/camel-case.ts); a query it did not mark (a savepoint, `withoutPlugins()`) is compiled as written,
 * as under Kysely's CamelCasePlugin. While compileWithSources runs, it notes each parameter's source.
 */
export class PortalQueryCompiler extends PostgresQueryCompiler {
  #snakeCasing = false;

  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    this.#snakeCasing = isSnakeCased(node);
    return super.compileQuery(node, queryId);
  }

  // Every identifier (table, column, alias, schema) is written through here (compileUnwrappedIdentifier).
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(this.#snakeCasing ? camelCase.snakeCaseOf(identifier) : identifier);
  }

  // CamelCasePlugin's rewrite leaves a collation's name as written
  // (OperationNodeTransformer.transformCollate).
  protected override visitCollate(node: CollateNode): void {
    const snakeCasing = this.#snakeCasing;
    this.#snakeCasing = false;
    try {
      super.visitCollate(node);
    } finally {
      this.#snakeCasing = snakeCasing;
    }
  }

  // The two places DefaultQueryCompiler appends parameters: a value, and a list of primitive values.
  protected override visitValue(node: ValueNode): void {
    if (recording && !node.immediate) recording.push(node);
    super.visitValue(node);
  }

  protected override visitPrimitiveValueList(node: PrimitiveValueListNode): void {
    if (recording) for (let index = 0; index < node.values.length; index += 1) recording.push([node, index]);
    super.visitPrimitiveValueList(node);
  }
}
