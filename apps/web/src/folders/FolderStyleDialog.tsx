/**
 * A folder's or an archive's tile Style dialog (issue 13; spec 02 §2 Collection tile, §9 "the colour palette holds 36
 * fixed colours; default icon Folder") on the `collectionStyle` machine: the 36 colours of the palette and the default
 * as a radio group of swatches, the icons and the default as another; Save `PATCH`es the collection's `edit` `{color,
 * iconCharacter}` (a folder's for holders of Rename, an archive's for holders of manageArchives: the archives listing
 * opens it too). A refusal stays in the dialog.
 */
import { useEffect, type ReactNode } from 'react';
import { Box, Dialog, Portal, SimpleGrid, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { COLLECTION_COLORS, COLLECTION_ICONS, DEFAULT_COLLECTION_COLOR, type Collection } from '@magpie/api-types';
import { collectionStyleMachine, type CollectionStyle } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { COLLECTION_ICON_COMPONENTS } from '../components/collectionIcons.tsx';
import { DialogFormEnd } from '../components/DialogFormEnd.tsx';

/** One choice of a radio group drawn as a square: a swatch or an icon. */
function Choice({
  name,
  label,
  checked,
  onChange,
  children,
  testId,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box
      as="label"
      position="relative"
      display="grid"
      placeItems="center"
      boxSize="9"
      rounded="md"
      cursor="pointer"
      borderWidth="2px"
      borderColor={checked ? 'fg' : 'transparent'}
      title={label}
      data-testid={testId}
      data-checked={checked}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} aria-label={label} style={{ position: 'absolute', opacity: 0, inset: 0, cursor: 'pointer' }} />
      {children}
    </Box>
  );
}

function FolderStyleBody({ folder, onClose }: { readonly folder: Collection; readonly onClose: (saved: CollectionStyle | undefined) => void }) {
  const [state, send] = useMachine(
    collectionStyleMachine.provide({
      actors: {
        save: fromPromise(({ input }) =>
          machineCall(async () => {
            const saved = await api.updateFolder(input.href, { color: input.color, iconCharacter: input.icon });
            return { color: input.color, icon: saved.iconCharacter || null };
          }),
        ),
      },
    }),
    {
      input: {
        href: folder.edit!,
        color: folder.color && (COLLECTION_COLORS as readonly string[]).includes(folder.color) ? folder.color : null,
        icon: folder.iconCharacter || null,
      },
    },
  );
  const value = String(state.value);
  const { color, icon, error, saved } = state.context;
  useEffect(() => {
    if (value === 'done' || value === 'cancelled') onClose(value === 'done' ? saved : undefined);
  }, [value, saved, onClose]);
  const Preview = COLLECTION_ICON_COMPONENTS[(icon ?? 'Folder') as keyof typeof COLLECTION_ICON_COMPONENTS];
  return (
    <Dialog.Content data-testid="folder-style-dialog" data-state={value} asChild>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <Dialog.Header>
          <Dialog.Title>Style “{folder.name}”</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Box
            rounded="md"
            h="16"
            mb="4"
            display="grid"
            placeItems="center"
            bg={color ?? DEFAULT_COLLECTION_COLOR}
            color="white"
            data-testid="folder-style-preview"
            data-color={color ?? DEFAULT_COLLECTION_COLOR}
            data-icon={icon ?? 'Folder'}
          >
            <Preview size={28} aria-hidden="true" />
          </Box>
          <Box as="fieldset" border="0" p="0" m="0" mb="4">
            <Text as="legend" fontWeight="medium" mb="2">
              Colour
            </Text>
            <SimpleGrid columns={9} gap="1">
              <Choice name="color" label="Default colour" checked={color === null} onChange={() => send({ type: 'CHOOSE_COLOR', color: null })} testId="folder-style-color-default">
                <Box boxSize="6" rounded="sm" bg={DEFAULT_COLLECTION_COLOR} />
              </Choice>
              {COLLECTION_COLORS.map((swatch) => (
                <Choice
                  key={swatch}
                  name="color"
                  label={`Colour ${swatch}`}
                  checked={color === swatch}
                  onChange={() => send({ type: 'CHOOSE_COLOR', color: swatch })}
                  testId="folder-style-color"
                >
                  <Box boxSize="6" rounded="sm" bg={swatch} />
                </Choice>
              ))}
            </SimpleGrid>
          </Box>
          <Box as="fieldset" border="0" p="0" m="0">
            <Text as="legend" fontWeight="medium" mb="2">
              Icon
            </Text>
            <SimpleGrid columns={9} gap="1">
              {COLLECTION_ICONS.map((name) => {
                const Icon = COLLECTION_ICON_COMPONENTS[name];
                const checked = (icon ?? 'Folder') === name;
                return (
                  <Choice
                    key={name}
                    name="icon"
                    label={`Icon ${name}`}
                    checked={checked}
                    onChange={() => send({ type: 'CHOOSE_ICON', icon: name === 'Folder' ? null : name })}
                    testId="folder-style-icon"
                  >
                    <Icon size={20} aria-hidden="true" />
                  </Choice>
                );
              })}
            </SimpleGrid>
          </Box>
        </Dialog.Body>
        <DialogFormEnd error={error} saving={value === 'saving'} submitLabel="Save" onCancel={() => send({ type: 'CANCEL' })} testId="folder-style" />
      </form>
    </Dialog.Content>
  );
}

/**
 * See the module comment. `folder` (a folder or an archive whose `edit` is set) opens it (undefined: closed);
 * `onClose` gets the saved style, or undefined.
 */
export function FolderStyleDialog({ folder, onClose }: { readonly folder: Collection | undefined; readonly onClose: (saved: CollectionStyle | undefined) => void }) {
  return (
    <Dialog.Root open={folder !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose(undefined))} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{folder && <FolderStyleBody folder={folder} onClose={onClose} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
