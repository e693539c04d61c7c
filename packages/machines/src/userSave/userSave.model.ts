/**
 * The user save's test model (spec 03 §4 saving a user, §5 "User save", §8 user errors): the SAVE payloads and
 * network outcomes that `userSave.test.ts` runs on real actors and `npm run paths -- userSave` prints for QA.
 *
 * Two inputs: editing Ada ({@link userSaveModel}, what `npm run paths` lists) and adding Grace
 * ({@link userSaveModelFor}`('add')`: the create, then the memberships on the new user's `memberOfHref`, and a retry
 * after a failed membership PATCH that never creates her twice).
 *
 * The `save` and `saveMemberships` invocations become their done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { CIRCULAR_MEMBER_OF_TEXT } from '../groupSave/groupSave.machine.ts';
import { newUserValues, type UserFormValues } from './userForm.ts';
import { userSaveMachine, type SaveUserOutput, type UserSaveInput } from './userSave.machine.ts';

/** The edited user's hrefs (dam.yaml `User`). */
export const MODEL_USER: SaveUserOutput = { href: '/fotoweb/api/users/15021', memberOfHref: '/fotoweb/api/users/15021/member-of' };

/** The placeholder both password fields start with on edit (spec 03 §3.1: 32 random characters). */
export const MODEL_PLACEHOLDER = 'Qz7rT2mWc9LpX4vB8nKd3sHf6jGy1aEu';

/** The edit form's starting values: Ada Lovelace, the new-user defaults otherwise. */
export const MODEL_ORIGINAL: UserFormValues = {
  ...newUserValues(),
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: MODEL_PLACEHOLDER,
  confirmPassword: MODEL_PLACEHOLDER,
};

/** The SAVE payloads: what the form holds when Save is pressed. */
export const MODEL_SAVES = {
  /** Blank first name (after trimming) and a mismatched new password: two messages at once (spec 03 §5). */
  invalid: { ...MODEL_ORIGINAL, firstName: '  ', password: 'correct horse battery', confirmPassword: 'correct horse battery!' },
  /** Only surrounding spaces added: trimmed, equal to the original, so no user call (spec 03 §5). */
  unchanged: { ...MODEL_ORIGINAL, email: ' ada@example.com ' },
  /** A new e-mail address (sent alone, spec 03 §5 only changed fields). */
  changed: { ...MODEL_ORIGINAL, email: 'ada.lovelace@example.com' },
} as const satisfies Record<string, UserFormValues>;

/** The machine input of every path: editing {@link MODEL_USER}. */
export const USER_SAVE_MODEL_INPUT: UserSaveInput = { mode: 'edit', saved: MODEL_USER, original: MODEL_ORIGINAL };

/** The user the add form creates: her links, known only once the POST answers (dam.yaml `User`). */
export const MODEL_NEW_USER: SaveUserOutput = { href: '/fotoweb/api/users/15030', memberOfHref: '/fotoweb/api/users/15030/member-of' };

/** The add form's SAVE payloads: Grace Hopper, the new-user defaults otherwise (spec 03 §3.1). */
export const MODEL_NEW_SAVES = {
  /** Blank first name and mismatched passwords: two messages at once, nothing created (spec 03 §5). */
  invalid: {
    ...newUserValues(),
    username: 'grace',
    firstName: '  ',
    lastName: 'Hopper',
    email: 'grace@example.com',
    password: 'cobol-compiler-1959',
    confirmPassword: 'cobol-compiler-1959!',
  },
  /** A whole new user: created (POST); pressed again after a failed membership PATCH, nothing is created again. */
  valid: {
    ...newUserValues(),
    username: 'grace',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    password: 'cobol-compiler-1959',
    confirmPassword: 'cobol-compiler-1959',
  },
} as const satisfies Record<string, UserFormValues>;

/** The add form's machine input: creating at the descriptor's user list (`userManagement.userList`). */
export const USER_SAVE_ADD_MODEL_INPUT: UserSaveInput = { mode: 'add', listHref: '/fotoweb/users/' };

/** Which form the model drives: the edit form of {@link USER_SAVE_MODEL_INPUT} or the add form of {@link USER_SAVE_ADD_MODEL_INPUT}. */
export type UserSaveModelMode = 'edit' | 'add';

/** Failed user saves per variant: `shortest` both 409s of spec 03 §8 and a 400; `simple` out of licenses. */
export const USER_SAVE_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 409, responseJSON: { value: 'out_of_licenses', message: 'No seat left: out_of_licenses' } },
    { status: 409, responseJSON: { value: 'UserExists', message: 'The username is taken.' } },
    { status: 400, responseJSON: { value: 'InvalidRequest', message: 'Invalid', issues: [{ message: 'The e-mail address is not valid.' }] } },
  ],
  simple: [{ status: 409, responseJSON: { value: 'out_of_licenses', message: 'out_of_licenses' } }],
};

/**
 * A failed membership PATCH: the list's own message (memberEditList's §8 text for a 409 `CircularMemberOf`) arrives
 * without a status, as the web's `saveMemberList` rejects.
 */
export const MODEL_MEMBERSHIP_FAILURE = { message: CIRCULAR_MEMBER_OF_TEXT };

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const save = (values: UserFormValues, membershipsChanged: boolean) => event('SAVE', { values, membershipsChanged });

function modelEvents(variant: PathVariant, mode: UserSaveModelMode) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (mode === 'add' && (snapshot.matches('editing') || snapshot.matches('error'))) {
      const saves = [save(MODEL_NEW_SAVES.invalid, true), save(MODEL_NEW_SAVES.valid, true)];
      return variant === 'simple' ? saves : [...saves, save(MODEL_NEW_SAVES.valid, false)];
    }
    if (snapshot.matches('editing') || snapshot.matches('error')) {
      const saves = [save(MODEL_SAVES.invalid, true), save(MODEL_SAVES.changed, true)];
      if (variant === 'simple') return saves;
      return [...saves, save(MODEL_SAVES.unchanged, false), save(MODEL_SAVES.unchanged, true), save(MODEL_SAVES.changed, false)];
    }
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.save', { output: mode === 'add' ? MODEL_NEW_USER : MODEL_USER }),
        ...USER_SAVE_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.save', { error })),
      ];
    }
    if (snapshot.matches('savingMemberships')) {
      return [event('xstate.done.actor.saveMemberships', { output: null }), event('xstate.error.actor.saveMemberships', { error: MODEL_MEMBERSHIP_FAILURE })];
    }
    return [];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(variant: PathVariant, mode: UserSaveModelMode) {
  const events = modelEvents(variant, mode);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(userSaveMachine);

/** The `xstate/graph` test model for a variant, with {@link USER_SAVE_MODEL_INPUT} (or, adding, {@link USER_SAVE_ADD_MODEL_INPUT}). */
export function createUserSaveTestModel(variant: PathVariant, mode: UserSaveModelMode = 'edit') {
  const input = mode === 'add' ? USER_SAVE_ADD_MODEL_INPUT : USER_SAVE_MODEL_INPUT;
  return createTestModel(modelMachine, { input, events: modelEvents(variant, mode), filterEvents: modelFilter(variant, mode) });
}

/**
 * The user save's model for one form: `edit` is {@link userSaveModel}; `add` is named `userSave (add)` (a function,
 * so `npm run paths`, which lists one model per flow folder, does not find it; the unit tests and the browser run it).
 */
export function userSaveModelFor(mode: UserSaveModelMode): MachineModel {
  if (mode === 'edit') return userSaveModel;
  return {
    name: 'userSave (add)',
    title: 'Save the add-user form: problems shown together, the user created once, then the groups on her new memberOfHref',
    spec: 'spec 03 §2.7, §3.1 new-user defaults, §4 saving a user, §5 User save, §7 POST user list and PATCH memberOfHref, §8 user errors by status',
    machine: userSaveMachine,
    testModel(variant: PathVariant) {
      return createUserSaveTestModel(variant, 'add');
    },
  };
}

/** The user save's {@link MachineModel}; see {@link USER_SAVE_MODEL_FAILURES} for the variants. */
export const userSaveModel: MachineModel = {
  name: 'userSave',
  title: 'Save the user form: problems shown together, no call when nothing changed, the user saved before its group changes',
  spec: 'spec 03 §2.7, §4 saving a user, §5 User save, §7 POST/PATCH user and PATCH memberOfHref, §8 user errors by status',
  machine: userSaveMachine,
  testModel(variant: PathVariant) {
    return createUserSaveTestModel(variant);
  },
};
