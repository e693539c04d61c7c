/**
 * The editors of the consent settings' four lists on the Consent page (issue 15; spec 03 §3.10 categories,
 * templates, languages, default fields; docs/decisions.md "Issue 15: the consent settings' lists"): each list a section
 * with a heading, its items as a list whose every item is a group headed by its name, the item's inputs each with its
 * problems, Remove, and Add at the end. The list's own problems (too many items, the default language) show under its
 * heading. Every edit is an EDIT of the `consentSettings` machine (`onChange`, the lists' edits of `consentLists.ts`);
 * the problems are the DAM's own rules (`consentSettingsProblems`).
 */
import { Button, Checkbox, chakra, Field, Heading, HStack, Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { CONSENT_DEFAULT_FIELD_TYPES, CONSENT_LIST_LIMITS, type ConsentDefaultFieldType, type ConsentFormSettings, type ConsentListName } from '@magpie/api-types';
import { addConsentItem, changeConsentItem, removeConsentItem, type ConsentListItems, type ConsentListsChange, type ConsentSettingsProblem } from '@magpie/machines';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';

/** Props of {@link ConsentListsEditor}. */
export interface ConsentListsEditorProps {
  /** The draft being edited, and what is stored (a stored id never follows its name). */
  readonly draft: ConsentFormSettings;
  readonly stored: ConsentFormSettings | undefined;
  /** The draft's problems (`consentSettingsProblems`); those of the lists show here. */
  readonly problems: readonly ConsentSettingsProblem[];
  /** Sends one edit's change (the machine's EDIT). */
  readonly onChange: (change: ConsentListsChange) => void;
}

/** What each list is called, one item of it, and what it is for. */
const LISTS: Record<ConsentListName, { readonly title: string; readonly item: string; readonly help: string; readonly empty: string }> = {
  languages: {
    title: 'Languages',
    item: 'Language',
    help: 'The languages consent forms are written in; one is the default. A code is a language tag such as “en” or “nb-NO”.',
    empty: 'No languages yet. Add one before writing a template.',
  },
  categories: { title: 'Categories', item: 'Category', help: 'What a person gives consent for, such as marketing or editorial use.', empty: 'No categories yet.' },
  templates: {
    title: 'Templates',
    item: 'Template',
    help: 'The texts consent forms start from: a title, the text (plain text or Markdown) and the categories it asks consent for.',
    empty: 'No templates yet.',
  },
  defaultFields: { title: 'Default fields', item: 'Default field', help: 'The fields every new consent form asks the person to fill in.', empty: 'No default fields yet.' },
};

/** The order the lists are shown in: languages and categories before the templates that use them. */
const ORDER: readonly ConsentListName[] = ['languages', 'categories', 'templates', 'defaultFields'];

const FIELD_TYPE_LABELS: Record<ConsentDefaultFieldType, string> = { text: 'Text', email: 'E-mail address', date: 'Date', checkbox: 'Checkbox' };

/** Problems as error texts under an input (or the list), each with the test id `consent-list-problem`. */
function Problems({ messages }: { readonly messages: readonly string[] }) {
  return messages.map((message, index) => (
    <Field.ErrorText key={index} color={ERROR_TEXT_COLOR} data-testid="consent-list-problem">
      {message}
    </Field.ErrorText>
  ));
}

/** A labelled text input of an item with its problems. */
function TextField(props: {
  readonly label: string;
  readonly value: string;
  readonly problems: readonly string[];
  readonly onChange: (value: string) => void;
  readonly testId: string;
  readonly help?: string;
  readonly mono?: boolean;
  readonly required?: boolean;
}) {
  return (
    <Field.Root required={props.required ?? true} invalid={props.problems.length > 0}>
      <Field.Label>
        {props.label} {(props.required ?? true) && <Field.RequiredIndicator />}
      </Field.Label>
      <Input value={props.value} onChange={(event) => props.onChange(event.target.value)} fontFamily={props.mono ? 'mono' : undefined} data-testid={props.testId} />
      {props.problems.length > 0 ? <Problems messages={props.problems} /> : props.help && <Field.HelperText>{props.help}</Field.HelperText>}
    </Field.Root>
  );
}

/** See the module comment. */
export function ConsentListsEditor({ draft, stored, problems, onChange }: ConsentListsEditorProps) {
  /** The messages at exactly `path`. */
  const at = (path: string) => problems.filter((problem) => problem.path === path).map((problem) => problem.message);
  const change = <L extends ConsentListName>(list: L, index: number, patch: Partial<ConsentListItems[L]>) => onChange(changeConsentItem(draft, stored, list, index, patch));
  const defaultLanguage = draft.languages.findIndex((language) => language.isDefault);

  /** One item: a group headed by its name, its inputs, and Remove. */
  const item = (list: ConsentListName, index: number, name: string, inputs: ReactNode) => {
    const heading = `${LISTS[list].item} ${index + 1}${name.trim() ? `: ${name.trim()}` : ''}`;
    return (
      <chakra.li key={index} data-testid={`consent-${list}-item`}>
        <chakra.fieldset borderWidth="1px" borderColor="border" rounded="md" p="4" bg="bg.panel" minW="0">
          <chakra.legend px="1">
            <Heading as="h3" size="sm">
              {heading}
            </Heading>
          </chakra.legend>
          <Stack gap="3">
            {inputs}
            <HStack justify="flex-end">
              <Button
                type="button"
                size="sm"
                variant="ghost"
                colorPalette="red"
                onClick={() => onChange(removeConsentItem(draft, list, index))}
                data-testid={`consent-${list}-remove`}
              >
                <Trash2 aria-hidden /> Remove {heading}
              </Button>
            </HStack>
          </Stack>
        </chakra.fieldset>
      </chakra.li>
    );
  };

  const itemsOf = (list: ConsentListName): ReactNode[] => {
    switch (list) {
      case 'languages':
        return draft.languages.map((language, index) =>
          item(
            list,
            index,
            language.name || language.code,
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="start">
              <TextField
                label="Code"
                value={language.code}
                mono
                problems={at(`languages.${index}.code`)}
                onChange={(code) => change('languages', index, { code })}
                testId="consent-languages-code"
              />
              <TextField
                label="Name"
                value={language.name}
                problems={at(`languages.${index}.name`)}
                onChange={(name) => change('languages', index, { name })}
                testId="consent-languages-name"
              />
              <RadioGroup.Item value={String(index)} alignSelf="center" data-testid="consent-languages-default">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Default language</RadioGroup.ItemText>
              </RadioGroup.Item>
            </SimpleGrid>,
          ),
        );
      case 'categories':
        return draft.categories.map((category, index) =>
          item(
            list,
            index,
            category.name,
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" alignItems="start">
              <TextField
                label="Name"
                value={category.name}
                problems={at(`categories.${index}.name`)}
                onChange={(name) => change('categories', index, { name })}
                testId="consent-categories-name"
              />
              <TextField
                label="Id"
                value={category.id}
                mono
                help="Templates and forms name the category by it."
                problems={at(`categories.${index}.id`)}
                onChange={(id) => change('categories', index, { id })}
                testId="consent-categories-id"
              />
            </SimpleGrid>,
          ),
        );
      case 'templates':
        return draft.templates.map((template, index) => {
          const path = (key: string) => `templates.${index}.${key}`;
          const categoryProblems = at(path('categories'));
          return item(
            list,
            index,
            template.name,
            <>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="start">
                <TextField
                  label="Name"
                  value={template.name}
                  problems={at(path('name'))}
                  onChange={(name) => change('templates', index, { name })}
                  testId="consent-templates-name"
                />
                <TextField label="Id" value={template.id} mono problems={at(path('id'))} onChange={(id) => change('templates', index, { id })} testId="consent-templates-id" />
                <Field.Root required invalid={at(path('language')).length > 0}>
                  <Field.Label>
                    Language <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={template.language}
                      onChange={(event) => change('templates', index, { language: event.currentTarget.value })}
                      data-testid="consent-templates-language"
                    >
                      {!draft.languages.some((language) => language.code === template.language) && (
                        <option value={template.language}>{template.language || 'Choose a language'}</option>
                      )}
                      {draft.languages.map((language, position) => (
                        <option key={position} value={language.code}>
                          {language.name || language.code}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Problems messages={at(path('language'))} />
                </Field.Root>
              </SimpleGrid>
              <TextField
                label="Title"
                value={template.title}
                problems={at(path('title'))}
                onChange={(title) => change('templates', index, { title })}
                testId="consent-templates-title"
              />
              <Field.Root invalid={at(path('body')).length > 0}>
                <Field.Label>Text</Field.Label>
                <Textarea
                  value={template.body}
                  rows={5}
                  maxLength={CONSENT_LIST_LIMITS.maxBody}
                  onChange={(event) => change('templates', index, { body: event.target.value })}
                  data-testid="consent-templates-body"
                />
                {at(path('body')).length > 0 ? <Problems messages={at(path('body'))} /> : <Field.HelperText>Plain text or Markdown.</Field.HelperText>}
              </Field.Root>
              <Field.Root invalid={categoryProblems.length > 0}>
                <chakra.fieldset minW="0">
                  <chakra.legend fontSize="sm" fontWeight="medium" mb="1">
                    Categories it asks consent for
                  </chakra.legend>
                  {draft.categories.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      Add categories above to choose them here.
                    </Text>
                  ) : (
                    <HStack gap="4" wrap="wrap">
                      {draft.categories.map((category, position) => (
                        <Checkbox.Root
                          key={position}
                          checked={template.categories.includes(category.id)}
                          disabled={category.id === ''}
                          onCheckedChange={(details) =>
                            change('templates', index, {
                              categories: details.checked === true ? [...template.categories, category.id] : template.categories.filter((id) => id !== category.id),
                            })
                          }
                          data-testid="consent-templates-category"
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{category.name || category.id || `Category ${position + 1}`}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </HStack>
                  )}
                </chakra.fieldset>
                <Problems messages={categoryProblems} />
              </Field.Root>
            </>,
          );
        });
      case 'defaultFields':
        return draft.defaultFields.map((field, index) =>
          item(
            list,
            index,
            field.label,
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" alignItems="start">
              <TextField
                label="Label"
                value={field.label}
                problems={at(`defaultFields.${index}.label`)}
                onChange={(label) => change('defaultFields', index, { label })}
                testId="consent-defaultFields-label"
              />
              <TextField
                label="Id"
                value={field.id}
                mono
                problems={at(`defaultFields.${index}.id`)}
                onChange={(id) => change('defaultFields', index, { id })}
                testId="consent-defaultFields-id"
              />
              <Field.Root invalid={at(`defaultFields.${index}.type`).length > 0}>
                <Field.Label>Type</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={field.type}
                    onChange={(event) => change('defaultFields', index, { type: event.currentTarget.value as ConsentDefaultFieldType })}
                    data-testid="consent-defaultFields-type"
                  >
                    {CONSENT_DEFAULT_FIELD_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {FIELD_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Problems messages={at(`defaultFields.${index}.type`)} />
              </Field.Root>
              <Field.Root justifyContent="flex-end">
                <Checkbox.Root
                  checked={field.required}
                  onCheckedChange={(details) => change('defaultFields', index, { required: details.checked === true })}
                  data-testid="consent-defaultFields-required"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{field.type === 'checkbox' ? 'Must be ticked' : 'Required'}</Checkbox.Label>
                </Checkbox.Root>
              </Field.Root>
            </SimpleGrid>,
          ),
        );
    }
  };

  return (
    <Stack gap="8" data-testid="consent-lists">
      {ORDER.map((list) => {
        const { title, help, empty, item: one } = LISTS[list];
        const headingId = `consent-${list}-heading`;
        const items = itemsOf(list);
        const full = draft[list].length >= CONSENT_LIST_LIMITS.maxItems;
        const listed = (
          <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="3" aria-labelledby={headingId}>
            {items}
          </chakra.ul>
        );
        return (
          <chakra.section key={list} aria-labelledby={headingId} data-testid={`consent-list-${list}`}>
            <Stack gap="3">
              <Stack gap="1">
                <Heading as="h2" size="md" id={headingId}>
                  {title}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {help}
                </Text>
                <Field.Root invalid={at(list).length > 0}>
                  <Problems messages={at(list)} />
                </Field.Root>
              </Stack>
              {items.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" data-testid={`consent-${list}-empty`}>
                  {empty}
                </Text>
              ) : list === 'languages' ? (
                <RadioGroup.Root
                  value={defaultLanguage === -1 ? null : String(defaultLanguage)}
                  onValueChange={(details) => details.value !== null && change('languages', Number(details.value), { isDefault: true })}
                  aria-label="Default language"
                >
                  {listed}
                </RadioGroup.Root>
              ) : (
                listed
              )}
              <HStack>
                <Button type="button" size="sm" variant="outline" disabled={full} onClick={() => onChange(addConsentItem(draft, list))} data-testid={`consent-${list}-add`}>
                  <Plus aria-hidden /> Add {one.toLowerCase()}
                </Button>
                {full && (
                  <Text fontSize="sm" color="fg.muted">
                    At most {CONSENT_LIST_LIMITS.maxItems}.
                  </Text>
                )}
              </HStack>
            </Stack>
          </chakra.section>
        );
      })}
    </Stack>
  );
}
