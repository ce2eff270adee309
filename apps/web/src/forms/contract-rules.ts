import type { RuleParams } from '@portal/contracts';
import { z } from 'zod/mini';
import { FORM_MESSAGES, isEmpty } from './field-rules';
import { PATTERN_MESSAGES, type PatternName, patterns } from './patterns';

/** spec §5's named patterns as the contracts write them, by the text of the regular expression. */
const PATTERN_BY_REGEX = new Map<string, string>(
  Object.entries(patterns).map(([name, regex]) => [String(regex), PATTERN_MESSAGES[name as PatternName]]),
);

/** What a contract says about one field: the rules a field component shows and checks. */
export interface ContractFieldRules {
  required: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
}

type JsonNode = {
  type?: string | string[];
  const?: unknown;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

const cache = new WeakMap<z.ZodMiniType, JsonNode>();

/** The contract's input side as JSON Schema: zod says its bounds there in one neutral form. */
function jsonSchemaOf(schema: z.ZodMiniType): JsonNode {
  let node = cache.get(schema);
  if (!node) {
    node = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
    cache.set(schema, node);
  }
  return node;
}

/** A node without its `| null` (a branch, or a type of a list of types): the rules are the rest's. */
function nonNull(node: JsonNode): { node: JsonNode; nullable: boolean } {
  if (Array.isArray(node.type) && node.type.includes('null')) {
    const types = node.type.filter((type) => type !== 'null');
    return { node: { ...node, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  const branches = node.anyOf?.filter((branch) => branch.type !== 'null');
  if (node.anyOf && branches?.length === 1 && branches[0]) return { node: branches[0], nullable: true };
  return { node, nullable: false };
}

/** The node that declares `key` under `node`: its own property, or that of the first union branch with it. */
function childOf(node: JsonNode, key: string): { parent: JsonNode; child: JsonNode } | undefined {
  if (/^\d+$/.test(key)) return node.items ? { parent: node, child: node.items } : undefined;
  const own = node.properties?.[key];
  if (own) return { parent: node, child: own };
  for (const branch of node.anyOf ?? node.oneOf ?? []) {
    const found = childOf(branch, key);
    if (found) return found;
  }
  return undefined;
}

/**
 * The rules of the field at a dotted path (contacts.0.email) as a contract (packages/contracts) declares
 * them (a union's fields, such as billingStepSchema's, in the branch that has them): a value is required
 * unless optional, nullable or defaulted; a checkbox only when it must be ticked (z.literal(true)), a list
 * only with a minimum of one or more. A string's lengths, a number's bounds.
 */
export function contractFieldRules(schema: z.ZodMiniType, path: string): ContractFieldRules | undefined {
  let parent: JsonNode | undefined;
  let node: JsonNode | undefined = jsonSchemaOf(schema);
  let key = '';
  for (const part of path.split('.')) {
    if (!node) return undefined;
    const found = childOf(nonNull(node).node, part);
    parent = found?.parent;
    node = found?.child;
    key = part;
  }
  if (!node || !parent) return undefined;
  const { node: field, nullable } = nonNull(node);
  const listed = (parent.required?.includes(key) ?? false) && !nullable;
  const required =
    field.type === 'boolean'
      ? field.const === true
      : field.type === 'array'
        ? (field.minItems ?? 0) > 0
        : listed;
  const rules: ContractFieldRules = { required };
  if (field.minLength !== undefined) rules.minLength = field.minLength;
  if (field.maxLength !== undefined) rules.maxLength = field.maxLength;
  if (field.minimum !== undefined) rules.min = field.minimum;
  if (field.maximum !== undefined) rules.max = field.maximum;
  return rules;
}

/** What a contract's own rule says to a form (packages/contracts fields.ts RuleParams). */
function ruleParams(issue: z.core.$ZodIssue): RuleParams {
  return issue.code === 'custom' && issue.params ? (issue.params as RuleParams) : {};
}

/**
 * One contract issue as a field's message: spec §5's own messages (translation keys, their values filled
 * in by the field from its rules) for a missing value (an empty value's type, length or format issue), a
 * length, a bound and a named pattern; the catalogue's message of the API's code, or the pattern's, for a
 * rule that names one (RuleParams); a key a form's own refinement gives (mustMatch) as it is; the
 * contract's words for any other rule.
 */
export function contractMessage(issue: z.core.$ZodIssue, value: unknown): { type: string; message: string } {
  // A rule of the value's type, length or shape on no value at all: the value is missing. A rule with its
  // own words (custom: a certified gateway's date) says them.
  const missing = isEmpty(value) || (value === false && issue.code === 'invalid_value');
  if (missing && ['invalid_type', 'invalid_value', 'too_small', 'invalid_format'].includes(issue.code)) {
    return { type: 'required', message: FORM_MESSAGES.required };
  }
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return { type: issue.code, message: FORM_MESSAGES.minLength };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return { type: issue.code, message: FORM_MESSAGES.maxLength };
  }
  if (issue.code === 'too_small' && issue.origin === 'number')
    return { type: issue.code, message: FORM_MESSAGES.min };
  if (issue.code === 'too_big' && issue.origin === 'number')
    return { type: issue.code, message: FORM_MESSAGES.max };
  if (issue.code === 'invalid_format' && issue.format === 'email') {
    return { type: issue.code, message: PATTERN_MESSAGES.email };
  }
  if (issue.code === 'invalid_format' && issue.format === 'regex' && issue.pattern) {
    const named = PATTERN_BY_REGEX.get(issue.pattern);
    if (named) return { type: issue.code, message: named };
  }
  const { code, pattern } = ruleParams(issue);
  if (pattern && pattern in PATTERN_MESSAGES) {
    return { type: issue.code, message: PATTERN_MESSAGES[pattern as PatternName] };
  }
  if (code) return { type: issue.code, message: `errors.back.${code}` };
  if (issue.message.startsWith('errors.')) return { type: issue.code, message: issue.message };
  return { type: 'verbatim', message: issue.message };
}
