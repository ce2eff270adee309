import {
  billingStepSchema,
  emailField,
  gatewayInputSchema,
  passwordSchema,
  registrationInputSchema,
  sessionTokenIssueSchema,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { contractFieldRules, contractMessage } from './contract-rules';

describe('contractFieldRules (a field reads its rules from the contract)', () => {
  it("reads a gateway's fields as @portal/contracts declares them", () => {
    expect(contractFieldRules(gatewayInputSchema, 'name')).toEqual({
      required: true,
      minLength: 2,
      maxLength: 100,
    });
    expect(contractFieldRules(gatewayInputSchema, 'website')).toMatchObject({
      required: false,
      maxLength: 200,
    });
    expect(contractFieldRules(gatewayInputSchema, 'notes')).toMatchObject({
      required: false,
      maxLength: 1000,
    });
    expect(contractFieldRules(gatewayInputSchema, 'environments')).toEqual({ required: true });
    expect(contractFieldRules(gatewayInputSchema, 'certified')).toEqual({ required: false });
    expect(contractFieldRules(gatewayInputSchema, 'nothing')).toBeUndefined();
  });

  it('follows nested objects and lists by a dotted path', () => {
    const schema = z.object({
      contacts: z.array(
        z.object({
          email: z.string().check(z.maxLength(100)),
          age: z.nullable(z.number().check(z.int(), z.minimum(18), z.maximum(99))),
        }),
      ),
    });
    expect(contractFieldRules(schema, 'contacts.0.email')).toEqual({ required: true, maxLength: 100 });
    expect(contractFieldRules(schema, 'contacts.0.age')).toEqual({ required: false, min: 18, max: 99 });
  });

  it('reads a nullable value as optional, whichever way zod writes it', () => {
    const schema = z.object({
      count: z.nullable(z.number()),
      name: z.nullable(z.string().check(z.maxLength(9))),
    });
    expect(contractFieldRules(schema, 'count')).toEqual({ required: false });
    expect(contractFieldRules(schema, 'name')).toEqual({ required: false, maxLength: 9 });
  });

  it('requires a checkbox only when it must be ticked, a list only with a minimum', () => {
    const schema = z.object({
      flag: z.boolean(),
      tags: z.array(z.string()),
      some: z.array(z.string()).check(z.minLength(1)),
    });
    expect(contractFieldRules(schema, 'flag')).toEqual({ required: false });
    expect(contractFieldRules(registrationInputSchema, 'acceptsDisclaimer')).toEqual({ required: true });
    expect(contractFieldRules(schema, 'tags')).toEqual({ required: false });
    expect(contractFieldRules(schema, 'some')).toEqual({ required: true });
  });

  it("finds a union's field in the branch that has it", () => {
    expect(contractFieldRules(billingStepSchema, 'invoiceNumber')).toEqual({
      required: true,
      minLength: 1,
      maxLength: 30,
    });
    expect(contractFieldRules(sessionTokenIssueSchema, 'value')).toEqual({
      required: true,
      minLength: 16,
      maxLength: 512,
    });
  });
});

describe('contractMessage', () => {
  const issueOf = (schema: z.ZodMiniType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a refusal');
    return result.error.issues[0] as z.core.$ZodIssue;
  };

  it("says spec §5's messages for a missing value, a length and a bound", () => {
    expect(contractMessage(issueOf(z.string().check(z.minLength(2)), ''), '').message).toBe(
      'errors.form.required',
    );
    expect(contractMessage(issueOf(z.string().check(z.minLength(2)), 'a'), 'a').message).toBe(
      'errors.form.minLength',
    );
    expect(contractMessage(issueOf(z.string().check(z.maxLength(2)), 'abc'), 'abc').message).toBe(
      'errors.form.maxLength',
    );
    expect(contractMessage(issueOf(z.number().check(z.minimum(3)), 1), 1).message).toBe('errors.form.min');
    expect(contractMessage(issueOf(z.number(), undefined), undefined).message).toBe('errors.form.required');
  });

  it("says spec §5's message of a named pattern the contract uses", () => {
    const email = z.object({ email: emailField });
    const issue = issueOf(email, { email: 'not-an-email' });
    expect(contractMessage(issue, 'not-an-email').message).toBe('errors.form.pattern.email');
    const zodEmail = issueOf(z.email(), 'nope');
    expect(contractMessage(zodEmail, 'nope').message).toBe('errors.form.pattern.email');
  });

  it('says the message of the pattern or of the API code a contract names (RuleParams)', () => {
    expect(contractMessage(issueOf(passwordSchema, 'password1'), 'password1').message).toBe(
      'errors.form.pattern.password',
    );
    const token = issueOf(sessionTokenIssueSchema.shape.value, 'a token with spaces');
    expect(contractMessage(token, 'a token with spaces').message).toBe(
      'errors.form.pattern.sessionTokenValue',
    );
    const coded = issueOf(
      z.string().check(z.refine(() => false, { params: { code: 'INVALID_VAT_NUMBER' } })),
      'x',
    );
    expect(contractMessage(coded, 'x')).toEqual({
      type: 'custom',
      message: 'errors.back.INVALID_VAT_NUMBER',
    });
  });

  it("keeps a form's own message key (mustMatch) and says required for a box that must be ticked", () => {
    const own = issueOf(z.string().check(z.refine(() => false, 'errors.form.mustMatch')), 'x');
    expect(contractMessage(own, 'x')).toEqual({ type: 'custom', message: 'errors.form.mustMatch' });
    const box = issueOf(z.literal(true), false);
    expect(contractMessage(box, false).message).toBe('errors.form.required');
  });

  it("keeps the contract's words for its own rules", () => {
    const issue = issueOf(z.string().check(z.regex(/^a/, 'Starts with an a')), 'b');
    expect(contractMessage(issue, 'b')).toEqual({ type: 'verbatim', message: 'Starts with an a' });
  });
});
