/**
 * References: how the DAM's layers name an archive's contents to each other. Routes get them from URLs
 * (`http/resource-path.ts`), services and repositories speak them, presenters turn rows back into URLs
 * (`presenters/hrefs.ts`). A reference is not a permission: the policies decide what a caller may see of it.
 */

/** An archive or a folder in it: archive id and folder path ('' for the archive's root, `a/b` for a folder). */
export interface CollectionReference {
  archiveId: number;
  /** Folder names joined by `/`, decoded; '' for the archive itself. */
  folderPath: string;
}

/** An asset: where it is and its file name (decoded). */
export interface AssetReference extends CollectionReference {
  filename: string;
}
