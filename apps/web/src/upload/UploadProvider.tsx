/**
 * Hosts the upload popover's actor for the whole app shell and tells the rest of the app about it: the header's
 * Upload button and the `u` shortcut open it, and collection views reload when files were uploaded.
 *
 * The machine's destination is its input (the collection files go to): an archive of the descriptor's `upload_to`, or
 * the folder on screen (its `uploadHref`), which Upload chooses when it opens there, so files go into the sub-folder
 * the user is looking at (issue 13). Choosing another "upload to" target starts a fresh popover actor for that
 * destination; the chooser is disabled while uploading, so a running upload is never dropped.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Collection } from '@magpie/api-types';
import { useSession } from '../session/SessionProvider.tsx';
import { useView } from '../session/ViewContext.tsx';
import { appUploadPopoverMachine } from './uploadMachine.ts';

/** The popover actor. */
export type UploadActorRef = ActorRefFrom<typeof appUploadPopoverMachine>;

/** The upload destination value of a target: its `uploadHref` when set, else its `href` (dam.yaml UploadRequest). */
export function destinationOf(target: Pick<Collection, 'uploadHref' | 'href'>): string {
  return target.uploadHref || target.href;
}

/**
 * The name a destination is listed by: an archive's name, or a folder's path from its archive (`Photos › 2026 ›
 * Harbour`, from its `ancestors`), so a sub-folder is told apart from the archive it is in.
 */
export function destinationName(target: Pick<Collection, 'name' | 'type' | 'ancestors'>): string {
  if (target.type !== 'folder') return target.name;
  return [...(target.ancestors ?? []).map((ancestor) => ancestor.name), target.name].join(' › ');
}

/**
 * The "upload to" targets (issue 13: upload into a sub-folder): the descriptor's `upload_to` archives, and first the
 * folder on screen when the user may upload there (its `uploadHref`) and it is not one of them already.
 */
export function uploadTargetsWith(uploadTargets: readonly Collection[], onScreen: Collection | undefined): readonly Collection[] {
  if (!onScreen?.uploadHref || onScreen.type !== 'folder' || uploadTargets.length === 0) return uploadTargets;
  if (uploadTargets.some((target) => destinationOf(target) === onScreen.uploadHref)) return uploadTargets;
  return [onScreen, ...uploadTargets];
}

interface UploadValue {
  /**
   * The "upload to" targets (spec 01 §2): the archives, and the folder on screen (issue 13); empty means upload is not
   * offered (spec 01 §6).
   */
  readonly targets: readonly Collection[];
  /** The chosen target. */
  readonly destination: Collection | undefined;
  /** The popover actor for {@link destination}, once started. */
  readonly actorRef: UploadActorRef | undefined;
  /** Opens the popover, preferring the collection on screen as the destination when the user may upload there. */
  open(): void;
  /** Switches the destination (ignored while uploading) and keeps the popover open. */
  chooseDestination(destination: string): void;
}

const UploadContext = createContext<UploadValue | undefined>(undefined);

/** The upload popover's host; throws outside {@link UploadProvider}. */
export function useUpload(): UploadValue {
  const value = useContext(UploadContext);
  if (!value) throw new Error('useUpload must be used inside <UploadProvider>');
  return value;
}

/** Runs one popover actor for one destination and reports it to the provider. */
function UploadActorHost(props: { destination: string; openOnStart: boolean; onActor: (actorRef: UploadActorRef | undefined) => void; onFilesUploaded: () => void }) {
  const { destination, openOnStart, onActor, onFilesUploaded } = props;
  const [, send, actorRef] = useMachine(appUploadPopoverMachine, { input: { destination } });

  useEffect(() => {
    onActor(actorRef);
    if (openOnStart) send({ type: 'OPEN' });
    return () => onActor(undefined);
    // The actor lives as long as this host (keyed by destination).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actorRef]);

  useEffect(() => {
    const subscription = actorRef.on('filesUploaded', () => onFilesUploaded());
    return () => subscription.unsubscribe();
  }, [actorRef, onFilesUploaded]);

  return null;
}

/** Provides {@link useUpload}; renders the actor host when the user has upload targets. */
export function UploadProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { collection, requestRefresh } = useView();
  // The folder on screen stays a target while files chosen for it upload, even after the user browses on.
  const [lastFolder, setLastFolder] = useState<Collection | undefined>(undefined);
  const onScreen = collection?.type === 'folder' && collection.uploadHref ? collection : undefined;
  useEffect(() => {
    if (onScreen) setLastFolder(onScreen);
  }, [onScreen]);
  const uploadTargets = useMemo(() => {
    const withScreen = uploadTargetsWith(session.uploadTargets, onScreen);
    return lastFolder && lastFolder !== onScreen ? uploadTargetsWith(withScreen, lastFolder) : withScreen;
  }, [session.uploadTargets, onScreen, lastFolder]);
  const [chosen, setChosen] = useState<{ destination: string; openOnStart: boolean } | undefined>();
  const [actorRef, setActorRef] = useState<UploadActorRef | undefined>();

  const target = uploadTargets.find((t) => chosen !== undefined && destinationOf(t) === chosen.destination) ?? uploadTargets[0];
  const destination = target ? destinationOf(target) : undefined;

  const isBusy = useCallback(() => {
    const snapshot = actorRef?.getSnapshot();
    return snapshot !== undefined && snapshot.matches('uploading');
  }, [actorRef]);

  const chooseDestination = useCallback(
    (next: string) => {
      if (isBusy() || next === destination) return;
      if (!uploadTargets.some((t) => destinationOf(t) === next)) return;
      setChosen({ destination: next, openOnStart: true });
    },
    [destination, isBusy, uploadTargets],
  );

  const open = useCallback(() => {
    if (!actorRef) return;
    const snapshot = actorRef.getSnapshot();
    // Default to the collection on screen when it is an upload target and nothing is in the popover's list.
    const here = collection?.uploadHref ? uploadTargets.find((t) => destinationOf(t) === collection.uploadHref) : undefined;
    if (here && destinationOf(here) !== destination && snapshot.matches('closed') && snapshot.context.files.length === 0) {
      setChosen({ destination: destinationOf(here), openOnStart: true });
      return;
    }
    actorRef.send({ type: 'OPEN' });
  }, [actorRef, collection?.uploadHref, destination, uploadTargets]);

  const value = useMemo<UploadValue>(
    () => ({ targets: uploadTargets, destination: target, actorRef, open, chooseDestination }),
    [uploadTargets, target, actorRef, open, chooseDestination],
  );

  return (
    <UploadContext.Provider value={value}>
      {destination !== undefined && (
        <UploadActorHost
          key={destination}
          destination={destination}
          openOnStart={chosen?.destination === destination && chosen.openOnStart}
          onActor={setActorRef}
          onFilesUploaded={requestRefresh}
        />
      )}
      {children}
    </UploadContext.Provider>
  );
}
