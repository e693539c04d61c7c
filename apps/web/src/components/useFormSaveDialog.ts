/**
 * The wiring a dialog built on a `createFormSaveMachine` machine shares (processing profiles, watermarks; issue 16):
 * the machine with its `save` actor, the values as typed, each problem or refusal at its field, and the close once
 * the machine is done. The machine keeps the flow; this only connects it to React.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { createFormSaveMachine, FormSaveCallInput, FormSaveInput, SavedRecord } from '@magpie/machines';
import { machineCall } from '../api/requestErrors.ts';

/** A problem of a form's values, at its field. */
interface FieldProblem<Field extends string> {
  readonly field: Field;
  readonly message: string;
}

/** Options of {@link useFormSaveDialog}. */
export interface FormSaveDialogOptions<Values, Field extends string, Create, Patch extends object, Saved extends SavedRecord> {
  /** The form's save machine. */
  readonly machine: ReturnType<typeof createFormSaveMachine<Values, FieldProblem<Field>, Create, Patch, Saved>>;
  /** The values the form starts from (kept from the first render). */
  readonly original: Values;
  /** Add at a list href, or edit a saved record. */
  readonly input: FormSaveInput<Values, Saved>;
  /** The DAM's call for one save; rejects with the `{status, responseJSON}` error of the API client. */
  readonly save: (input: FormSaveCallInput<Create, Patch>) => Promise<Saved>;
  /** The field a refusal belongs to, or undefined to show it above the form. */
  readonly errorField: (error: unknown) => Field | undefined;
  /** Called once: true when the DAM saved the record, false when nothing changed. */
  readonly onClose: (saved: boolean) => void;
}

/**
 * Runs a form-save dialog. Answers the machine's `state`, the `values` and `edit` (a partial change), `saving`,
 * `messageOf(field)` (its problem, or the DAM's refusal when it belongs there), `formError` (a refusal of no field)
 * and `save` (sends SAVE with the values).
 */
export function useFormSaveDialog<Values, Field extends string, Create, Patch extends object, Saved extends SavedRecord>(
  options: FormSaveDialogOptions<Values, Field, Create, Patch, Saved>,
) {
  const { onClose } = options;
  // The field the last refusal belongs to (the machine keeps its message).
  const [refusedField, setRefusedField] = useState<Field | undefined>(undefined);
  const [state, send] = useMachine(
    options.machine.provide({
      actors: {
        save: fromPromise<Saved, FormSaveCallInput<Create, Patch>>(async ({ input }) => {
          try {
            return await machineCall(() => options.save(input));
          } catch (error) {
            setRefusedField(options.errorField(error));
            throw error;
          }
        }),
      },
    }),
    { input: options.input },
  );
  const [values, setValues] = useState<Values>(options.original);
  const edit = useCallback((change: Partial<Values>) => setValues((previous) => ({ ...previous, ...change })), []);

  const closed = useRef(false);
  useEffect(() => {
    if (state.status !== 'done' || closed.current) return;
    closed.current = true;
    onClose(state.context.saved !== undefined && state.context.values !== undefined && state.context.original === state.context.values);
  }, [state, onClose]);

  const { problems, error } = state.context;
  const messageOf = (field: Field): string | undefined =>
    problems.find((problem) => problem.field === field)?.message ?? (error !== undefined && refusedField === field ? error : undefined);
  const save = useCallback(() => send({ type: 'SAVE', values, membershipsChanged: false }), [send, values]);
  return {
    state,
    values,
    edit,
    saving: String(state.value) === 'saving',
    messageOf,
    formError: error !== undefined && refusedField === undefined ? error : undefined,
    save,
  };
}
