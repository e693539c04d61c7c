import type { KeyLike } from './types.ts';

/** The element kinds in which plain-key shortcuts are ignored (spec 01 §2 Keyboard). */
const EDITABLE_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION']);

/** The subset of an event target the editable check reads. */
export interface TargetLike {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
}

/**
 * True when focus is in an input, textarea, select, option or editable element, where typing must not trigger
 * shortcuts (spec 01 §2 Keyboard: "unless focus is in an input, textarea, select, option or editable element").
 */
export function isEditableTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  return typeof target.tagName === 'string' && EDITABLE_TAGS.has(target.tagName.toUpperCase());
}

/** A plain key without modifiers (shift allowed only when `shift` says so), compared case-insensitively. */
export function isPlainKey(event: KeyLike, key: string, shift = false): boolean {
  return (
    event.key.toLowerCase() === key.toLowerCase() &&
    event.shiftKey === shift &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey
  );
}
