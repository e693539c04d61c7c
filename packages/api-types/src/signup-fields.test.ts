import { describe, expect, it } from 'vitest';
import { emailDomain, isOrganizationDomain, signupAnswerProblems, signupFieldDefinitionProblems, type SignupFieldDefinition } from './signup-fields.ts';
import { InvitationCreateSchema, SignupApprovalSchema, SignupSettingsSchema, toIssues } from './schemas.ts';

const text = (id: string, extra: Partial<SignupFieldDefinition> = {}): SignupFieldDefinition => ({
  id,
  label: id,
  dataType: 'text',
  values: [],
  required: false,
  validation: null,
  ...extra,
});

describe('organization domains (spec 01 §5 "host.tld with optional subdomains")', () => {
  it.each(['example.com', 'mail.Example.co.uk', 'a-b.example', 'x1.io'])('accepts %s', (domain) => expect(isOrganizationDomain(domain)).toBe(true));
  it.each(['localhost', 'example.c', '-a.example.com', 'a-.example.com', 'exa mple.com', 'example..com', '.example.com', 'example.com.', '@example.com', `${'a'.repeat(64)}.com`])(
    'refuses %s',
    (domain) => expect(isOrganizationDomain(domain)).toBe(false),
  );
  it('reads the lower-cased domain of an address', () => {
    expect(emailDomain('Ada@Example.COM')).toBe('example.com');
    expect(emailDomain('no address')).toBe('');
  });
});

describe('the extra fields as administrators save them', () => {
  it('accepts good fields and names every problem', () => {
    expect(signupFieldDefinitionProblems([text('a', { validation: { helpText: 'h', regex: '^\\p{L}+$' } }), { ...text('b'), dataType: 'dropdown', values: ['x', 'y'] }])).toEqual(
      [],
    );
    expect(
      signupFieldDefinitionProblems([
        text('1bad'),
        text('dup'),
        text('DUP', { label: ' ' }),
        { ...text('d'), dataType: 'dropdown', values: ['x', 'x'] },
        { ...text('c'), dataType: 'checkbox', validation: { helpText: '', regex: '[' } },
      ]).map((problem) => problem.path),
    ).toEqual(['fields.0.id', 'fields.2.id', 'fields.2.label', 'fields.3.values', 'fields.4.validation', 'fields.4.validation.regex']);
  });

  it('is what SignupSettingsSchema checks, with the same paths', () => {
    const result = SignupSettingsSchema.safeParse({ openSignup: true, adminCanAssignGroups: false, fields: [text('a'), text('A')] });
    expect(result.success).toBe(false);
    expect(toIssues(result.error!)).toEqual([{ path: 'fields.1.id', message: 'The field id "A" is used twice.' }]);
  });
});

describe('the answers to the extra fields (spec 03 §5 "Sign-up details")', () => {
  const fields: SignupFieldDefinition[] = [
    text('zip', { required: true, validation: { helpText: 'Five digits.', regex: '^[0-9]{5}$' } }),
    { ...text('size'), dataType: 'dropdown', values: ['S', 'M'] },
    { ...text('ok', { required: true }), label: 'OK', dataType: 'checkbox' },
    text('note'),
  ];

  it('accepts valid answers, empty optional ones included', () => {
    expect(
      signupAnswerProblems(fields, [
        { id: 'zip', value: '12345' },
        { id: 'ok', value: 'true' },
        { id: 'note', value: '' },
        { id: 'size', value: '' },
      ]),
    ).toEqual([]);
  });

  it('names each broken rule with the field help text as the message', () => {
    expect(
      signupAnswerProblems(fields, [
        { id: 'zip', value: '12' },
        { id: 'size', value: 'XL' },
        { id: 'ok', value: 'false' },
        { id: 'x', value: '1' },
      ]),
    ).toEqual([
      { path: 'userData.0.value', message: 'Five digits.' },
      { path: 'userData.1.value', message: 'size must be one of its choices.' },
      { path: 'userData.2.value', message: 'OK must be ticked.' },
      { path: 'userData.3.id', message: '"x" is no field of the sign-up form.' },
    ]);
    expect(signupAnswerProblems(fields, [])).toEqual([
      { path: 'userData', message: 'Five digits.' },
      { path: 'userData', message: 'OK must be ticked.' },
    ]);
  });

  it('refuses a value whose test ran out of time', () => {
    expect(
      signupAnswerProblems(
        fields,
        [
          { id: 'zip', value: '12345' },
          { id: 'ok', value: 'true' },
        ],
        { matches: () => undefined },
      ),
    ).toEqual([{ path: 'userData.0.value', message: 'zip could not be checked; give a shorter or simpler value.' }]);
  });
});

describe('invitation and approval bodies', () => {
  const issues = (body: unknown) => {
    const result = InvitationCreateSchema.safeParse(body);
    return result.success ? [] : toIssues(result.error);
  };

  it('takes exactly one kind of invitation, with the wizard words for its problems (spec 01 §5)', () => {
    expect(issues({ emails: ['a@example.com'], groups: ['/fotoweb/api/groups/10005'] })).toEqual([]);
    expect(issues({ organizationDomain: 'example.com' })).toEqual([]);
    expect(issues({ link: true })).toEqual([]);
    expect(issues({})).toEqual([{ path: 'emails', message: 'email list empty' }]);
    expect(issues({ emails: ['nope'] })).toEqual([{ path: 'emails.0', message: 'email not valid' }]);
    expect(issues({ emails: ['a@example.com', ' A@EXAMPLE.com '] })).toEqual([{ path: 'emails.1', message: 'email in list' }]);
    expect(issues({ organizationDomain: 'nodot' })).toEqual([{ path: 'organizationDomain', message: 'domain not valid' }]);
    expect(issues({ link: true, organizationDomain: 'example.com' })).toEqual([{ path: '', message: expect.stringContaining('one kind') }]);
    expect(issues({ link: true, groups: ['/g/1', '/g/1'] })).toEqual([{ path: 'groups.1', message: 'A group is given twice.' }]);
  });

  it('takes an approval with or without groups, never one twice', () => {
    expect(SignupApprovalSchema.safeParse(undefined).success).toBe(true);
    expect(SignupApprovalSchema.safeParse({}).success).toBe(true);
    const twice = SignupApprovalSchema.safeParse({ groups: ['/fotoweb/api/groups/1', '/fotoweb/api/groups/1'] });
    expect(toIssues(twice.error!)).toEqual([{ path: 'groups.1', message: 'A group is given twice.' }]);
  });
});
