/**
 * The footer editor's generated paths (packages/machines footerEditor.model.ts) run against the real editor
 * (`apps/web/src/footer/FooterSettingsSection.tsx`, the Footer section of the Manage site page) in Chromium, signed in as the
 * administrator. The page is reached inside the app (the floating footer has read the footer already), so every
 * request to `/fotoweb/api/footer` the path sees is the editor's: each is held and answered with the model's reply or
 * a failure. Typing, saving and retrying are the user's own clicks and keys; every state is checked on screen (the
 * load/save editor adapter, `loadSaveScreen.ts`).
 */
import type { FooterEditorContext } from '@magpie/machines/footerEditor/footerEditor.machine.ts';
import { footerEditorModel, MODEL_FAILURE, MODEL_NEW_FOOTER, MODEL_STORED_FOOTER } from '@magpie/machines/footerEditor/footerEditor.model.ts';
import { expect } from '../fixtures.ts';
import { registerModelTests } from './harness.ts';
import { createLoadSaveAdapter } from './loadSaveScreen.ts';

const ACT = { timeout: 15_000 };

const adapter = createLoadSaveAdapter<FooterEditorContext>({
  api: '/fotoweb/api/footer',
  // The Manage site page, whose Footer section the editor is.
  path: '/fotoweb/views/management',
  pageTestId: 'management-section-footer',
  editorTestId: 'footer-settings',
  prefix: 'footer-settings',
  asker: 'the editor',
  what: 'the footer',
  failureMessage: MODEL_FAILURE.message,
  loaded: { markdown: MODEL_STORED_FOOTER, modified: null },
  saved: () => ({ markdown: MODEL_NEW_FOOTER, modified: new Date().toISOString() }),
  savedBody: { markdown: MODEL_NEW_FOOTER },
  async edit(editor) {
    // Typing over the same text is still an edit: clear it first, so that the textarea changes either way.
    const textarea = editor.getByTestId('footer-settings-markdown');
    await textarea.fill('', ACT);
    await textarea.fill(MODEL_NEW_FOOTER, ACT);
  },
  async expectLoadFailed(editor, context) {
    await expect(editor.getByTestId('footer-settings-load-error')).toContainText(context.error!);
  },
  async expectDraft(editor, context) {
    await expect(editor.getByTestId('footer-settings-markdown')).toHaveValue(context.draft);
    if (context.draft === MODEL_NEW_FOOTER) {
      await expect(editor.getByTestId('footer-settings-preview').getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.com/');
    }
  },
  unchanged: (context) => context.draft === context.stored,
  accessible: { selector: '[data-testid="footer-settings"]', name: 'footer editor' },
});

// The shortest paths already reach every state and take every transition (checked by the harness).
registerModelTests({ model: footerEditorModel, adapter, variant: 'shortest', select: 'cover', maxPaths: 8, timeoutMs: 90_000 });
