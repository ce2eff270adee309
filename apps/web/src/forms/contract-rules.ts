import {
  EMAIL_PATTERN,
  HOUSE_NUMBER_PATTERN,
  NAME_PATTERN,
  TEL_PATTERN,
  URL_PATTERN,
} from '@portal/contracts';
import { z } from 'zod';
import { FORM_MESSAGES, PATTERN_MESSAGES } from './form-schema';

/** spec §5's named patterns as the contracts write them, by the text of the regular expression. */
const PATTERN_BY_REGEX = new Map<string, string>([
  [String(EMAIL_PATTERN), PATTERN_MESSAGES.email],
  [String(URL_PATTERN), PATTERN_MESSAGES.url],
  [String(TEL_PATTERN), PATTERN_MESSAGES.tel],
  [String(NAME_PATTERN), PATTERN_MESSAGES.name],
  [String(HOUSE_NUMBER_PATTERN), PATTERN_MESSAGES.houseNumber],
]);

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
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  anyOf?: JsonNode[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

const cache = new WeakMap<z.ZodType, JsonNode>();

/** The contract's input side as JSON Schema: zod says its bounds there in one neutral form. */
function jsonSchemaOf(schema: z.ZodType): JsonNode {
  let node = cache.get(schema);
  if (!node) {
    node = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
    cache.set(schema, node);
  }
  return node;
}

/** A node without its `| null` branch: the rules are the other branch's. */
function nonNull(node: JsonNode): { node: JsonNode; nullable: boolean } {
  const branches = node.anyOf?.filter((branch) => branch.type !== 'null');
  if (node.anyOf && branches?.length === 1 && branches[0]) return { node: branches[0], nullable: true };
  return { node, nullable: false };
}

/**
 * The rules of the field at a dotted path (contacts.0.email) as a contract (packages/contracts) declares
 * them: required unless optional, nullable or defaulted; a string's lengths, a number's bounds, a list's
 * minimum (one or more makes it required).
 */
export function contractFieldRules(schema: z.ZodType, path: string): ContractFieldRules | undefined {
  let parent: JsonNode | undefined;
  let node: JsonNode | undefined = jsonSchemaOf(schema);
  let key = '';
  for (const part of path.split('.')) {
    if (!node) return undefined;
    const inner: JsonNode = nonNull(node).node;
    parent = inner;
    key = part;
    node = /^\d+$/.test(part) ? inner.items : inner.properties?.[part];
  }
  if (!node || !parent) return undefined;
  const { node: field, nullable } = nonNull(node);
  const listed = parent.required?.includes(key) ?? false;
  const rules: ContractFieldRules = {
    required: (listed && !nullable) || (field.minItems ?? 0) > 0,
  };
  if (field.minLength !== undefined) rules.minLength = field.minLength;
  if (field.maxLength !== undefined) rules.maxLength = field.maxLength;
  if (field.minimum !== undefined) rules.min = field.minimum;
  if (field.maximum !== undefined) rules.max = field.maximum;
  return rules;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * One contract issue as a field's message: spec §5's own messages (translation keys, their values filled
 * in by the field from the rules above) for a missing value, a length, a bound and a named pattern; the contract's
 * words for any other rule (a pattern's or a cross-field rule's message, written once in the contract).
 */
export function contractMessage(issue: z.core.$ZodIssue, value: unknown): { type: string; message: string } {
  if (isEmpty(value) && (issue.code === 'invalid_type' || issue.code === 'too_small')) {
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
  return { type: 'verbatim', message: issue.message };
}
