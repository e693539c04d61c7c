/**
 * What pinning the whole selection at once says (issue 13 "a selection toolbar … pin"; spec 01 §4 Pinning, §8
 * "Pin limit error is named pinLimit"): the selection bar's Pin (`actions/actionPinSelection.ts`) sends every selected
 * asset not pinned yet in one `POST` on the descriptor's `pins`, and the DAM adds them in order up to the pin limit,
 * answering how many it `added`. The notice shows where the pin toggles' notices show (`PinNotice`): the pins added,
 * or the pin limit named `pinLimit` when it stopped some, or why the save failed.
 */
import { PIN_LIMIT_NOTICE, pinErrorMessage, pinLimitMessage, type PinsNotice } from '@magpie/machines';

/** A notice of the pins store: the toggles' (the pin limit, a failed save) and a batch's `pinned` result. */
export type PinsStoreNotice = PinsNotice | { readonly name: 'pinned'; readonly message: string };

const count = (n: number) => (n === 1 ? '1 asset' : `${n} assets`);

/**
 * The notice of a batch pin of `requested` assets, `fresh` of them not pinned before, of which the server `added`
 * some, under a pin limit of `limit`.
 */
export function pinAllNotice(requested: number, fresh: number, added: number, limit: number): PinsStoreNotice {
  if (fresh === 0) return { name: 'pinned', message: requested === 1 ? 'The asset is pinned already.' : `The ${requested} assets are pinned already.` };
  if (added === 0) return { name: PIN_LIMIT_NOTICE, message: pinLimitMessage(limit) };
  if (added < fresh) {
    return {
      name: PIN_LIMIT_NOTICE,
      message: `${added} of ${count(fresh)} pinned. You have pinned as many things as you can (${limit}). Unpin something to pin the rest.`,
    };
  }
  return { name: 'pinned', message: `${count(added)} pinned.` };
}

/** The notice of a batch pin the server refused (`error` as the machines read it: `{status, responseJSON}`). */
export function pinAllFailedNotice(error: unknown): PinsStoreNotice {
  return { name: 'saveFailed', message: `The pins could not be saved. ${pinErrorMessage(error)}` };
}
