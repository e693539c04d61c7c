import { describe, expect, it } from 'vitest';
import { changeValueText, CONFIRMATIONS, REVISION_KIND_LABELS } from './HistoryPanel.tsx';

describe('history panel texts', () => {
  it('shows a change value as people read it', () => {
    for (const empty of [null, '', []]) expect(changeValueText(empty)).toBe('(empty)');
    expect(changeValueText('Harbour')).toBe('Harbour');
    expect(changeValueText(['boat', 'sea'])).toBe('boat, sea');
  });

  it('names every kind of revision', () => {
    expect(Object.keys(REVISION_KIND_LABELS).sort()).toEqual(['file', 'ingest', 'metadata', 'rollback']);
    expect(new Set(Object.values(REVISION_KIND_LABELS)).size).toBe(4);
  });
});

describe('history confirmations', () => {
  it('asks before every change, naming the revision', () => {
    expect(Object.keys(CONFIRMATIONS).sort()).toEqual(['delete', 'rollback', 'undo']);
    for (const confirmation of Object.values(CONFIRMATIONS)) expect(confirmation.text(7)).toContain('#7');
  });
});
