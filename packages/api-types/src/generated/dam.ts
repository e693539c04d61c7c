/**
 * GENERATED FILE, DO NOT EDIT. Source: openapi/dam.yaml.
 * Regenerate with `npm run gen:api` (packages/api-types/scripts/generate.mjs, openapi-typescript);
 * `npm run check:api` fails when this file is stale.
 */

export interface paths {
    "/fotoweb/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an access token (OAuth 2.0 token endpoint)
         * @description RFC 6749 token endpoint, form-encoded, as in FotoWeb 8 (FotoWeb API, Authorizing applications using OAuth).
         *     Grants:
         *     - `client_credentials` (`client_id`, `client_secret`): a non-interactive application acting with the
         *       application's own rights.
         *     - `refresh_token` (`refresh_token`, `client_id`, `client_secret`): rotates the refresh token; the old
         *       refresh token becomes invalid as soon as a new one is issued.
         *     - `password` (`username`, `password`, `client_id`, `client_secret`): Magpie only; accepted only from the
         *       BFF's confidential client (any other client gets `unauthorized_client`). It lets the BFF log a user in
         *       with the credentials typed into its login view.
         *
         *     Client credentials travel in the body (`client_id`, `client_secret`: `client_secret_post`) or in an HTTP
         *     Basic `Authorization` header (`client_secret_basic`, RFC 6749 §2.3.1: the form-urlencoded id and secret
         *     joined by a colon, in base64), which OAuth libraries send by default. A request that uses both, or a header
         *     that is not valid Basic, gets 400 `invalid_request`; a wrong Basic id or secret gets 401 `invalid_client`
         *     with `WWW-Authenticate: Basic`. `expires_in` is in seconds (FotoWeb's recorded value is 28800). Errors use
         *     RFC 6749 §5.2.
         *
         *     Limits (Magpie), each `MAGPIE_TOKEN_RATE_LIMIT` per minute (default 60), answered 429 `slow_down` with
         *     `Retry-After`: failed client authentications per connecting address and client id (checked before the secret); wrong
         *     passwords of the password grant per end user, keyed by the `end_user_address` the BFF passes on (trusted
         *     only after the BFF's client credentials check out; else the connecting address; IPv6 by /64); and
         *     client_credentials grants per API client. Refresh grants are never limited. The BFF's login limits are
         *     tighter, so this is a backstop behind them. A wrong password takes as long for an unknown or disabled user
         *     name as for a known one.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/services/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out (revoke the caller's tokens)
         * @description The descriptor's `services.logout`. Revokes the access token used for the call and the refresh token
         *     issued with it. Idempotent for the token's owner; the request body is empty.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/services/keepalive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Keep the session alive
         * @description The descriptor's `services.keepalive.href`; clients call it every `services.keepalive.interval` seconds
         *     while the user is active. Answers 204 for a valid token and 401 otherwise, so it doubles as an auth check.
         */
        get: operations["keepalive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check (Magpie)
         * @description Answers 200 when the server can reach its database; needs no authentication.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Private entry point (full API descriptor)
         * @description FotoWeb's private entry point. Every other URL a client uses is read from this descriptor; values are
         *     opaque URLs, or null when the feature is off or the user may not use it. Real FotoWeb servers answer the
         *     same document at `/fotoweb/me` (no slash), and the descriptor's own `href` is `/fotoweb/me`.
         */
        get: operations["getFullApiDescriptor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Private entry point, without the trailing slash
         * @description Same as `GET /fotoweb/me/` (real FotoWeb servers answer both; the descriptor's `href` is this URL).
         */
        get: operations["getFullApiDescriptorNoSlash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/archives/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Archives the current user can access
         * @description The descriptor's `archives`. A collection list whose elements are archives; follow each element's `data`
         *     to browse it. Large lists are paged with opaque `paging` links (`;p=<n>` path components).
         */
        get: operations["listMyArchives"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/archives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Archives the current user can access, without the trailing slash
         * @description Same as `GET /fotoweb/me/archives/` (FotoWeb answers both; clients written for it call this one too). Its
         *     paging links carry the trailing slash.
         */
        get: operations["listMyArchivesNoSlash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/upload-to/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Collections the current user can upload to
         * @description The descriptor's `upload_to`. A collection list of archives and folders with `canUploadTo: true`; an empty
         *     list means the user cannot upload (spec 01 §6: the upload menu item is hidden).
         */
        get: operations["listUploadTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/move-to/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Archives the current user can move assets into
         * @description The descriptor's `move_to` (fotoweb-api-notes §6.2): a collection list of the archives with `canMoveTo: true`
         *     (the caller holds `MoveTo`); their folders are reached through each archive's `children`. Any of them, or a
         *     folder below, is a `move-request`'s `job-destination`.
         */
        get: operations["listMoveTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/copy-to/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Archives the current user can copy assets into
         * @description The descriptor's `copy_to`, like `move_to` for `CopyTo` (archives with `canCopyTo` true).
         */
        get: operations["listCopyTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/smartfolders/{archive}/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive's id. */
                archive: components["parameters"]["SmartFolderArchive"];
            };
            cookie?: never;
        };
        /**
         * An archive's smart folders
         * @description Magpie (issue 13; spec 01 §3 "Folder or smart folder", §7 smart folder urls): the saved searches shown in the
         *     archive's navigation, in their order, as collections of type `smartFolder` whose `href` runs the search.
         *     `edit` and `reorder` are the smart folder's own URL for callers holding `EditSmartFolders` (null for others).
         *     Needs View on the archive (404 otherwise); the archive collection links it as `smartFolders`. Guests may call
         *     it without a token while guest access is on (`GUEST_OPERATIONS`): a public archive's page lists them too.
         */
        get: operations["listSmartFolders"];
        put?: never;
        /**
         * Save a search as a smart folder
         * @description Saves `searchHref` (a search URL of this archive or of a folder in it, as the client has it: `…/?q=…`) under
         *     `name`, at the end of the list. Needs `EditSmartFolders` (403). 400 for a name that is blank or longer than
         *     200 characters, for a search URL of another archive or without a search; 409 `SmartFolderExists` for a name
         *     the archive already has (case aside). Answers 201 with the smart folder (`Location`: its `edit` URL).
         */
        post: operations["createSmartFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/smartfolders/{archive}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive's id. */
                archive: components["parameters"]["SmartFolderArchive"];
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a smart folder
         * @description Removes the saved search (the assets it finds are untouched). Needs `EditSmartFolders`.
         */
        delete: operations["deleteSmartFolder"];
        options?: never;
        head?: never;
        /**
         * Rename, change or move a smart folder
         * @description `name` renames it, `searchHref` changes its search, `position` (0-based) moves it in the list: FotoWeb's
         *     ORDERPATCH `{childPath, relativePosition}` as a `PATCH`, because Node's HTTP parser refuses unknown methods.
         *     Needs `EditSmartFolders`. Answers the smart folder.
         */
        patch: operations["updateSmartFolder"];
        trace?: never;
    };
    "/fotoweb/me/downloads/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a ZIP download of a selection
         * @description Magpie (issue 13; FotoWeb's web client downloads a selection through a `download-request` task). The assets in
         *     `assets` (1–10,000 asset hrefs) must be visible to the caller (400 `InvalidRequest`, `issues[].path`
         *     `assets.<i>.href`) and their archives must grant `Download` (403). Answers 201 with the ZIP's href (also in
         *     `Location`), its file name, how many files it holds and its exact size in bytes; the ZIP is built as it is
         *     downloaded, from the files as they are then, and its href works for its creator for 24 hours. Inside, the files
         *     keep their folders below the deepest folder they share (and their archive's name when they come from several
         *     archives); files are stored as they are (no compression: photos and video do not shrink).
         */
        post: operations["createDownload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/downloads/{id}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a prepared ZIP
         * @description The ZIP a `createDownload` prepared, streamed as it is built (`Content-Length` is exact; nothing is kept in
         *     memory or on disk). Only its creator may download it, for 24 hours (404 after, and for anyone else). An asset
         *     deleted or no longer downloadable since is left out, so the size may then be smaller than announced.
         */
        get: operations["getDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/services/renditions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a rendition of an asset (the descriptor's services.rendition_request)
         * @description FotoWeb's rendition service (fotoweb-api-notes §6.3; FotoWare API "Downloading asset renditions"). `href` is
         *     one of an asset's `renditions[].href` (`<asset>.info/__renditions/<ORIGINAL|profile id>`). Magpie also takes
         *     `size` (px, the longest side, 1–10,000), `width`/`height` (px, a bounding box) and `format` (`jpg`, `png`,
         *     `tif`, `webp`) to convert an image: given with `ORIGINAL` they make a converted image from the original;
         *     a processing profile's own size and format apply otherwise, overridden by what the request gives. `profile`
         *     names a processing profile by id instead of the href's last segment. Needs the archive permission `Download`
         *     (403); an asset the caller may not view is 404. Conversion is for images only: another document type, an
         *     unknown profile, a size out of range or a format other than the four answer 400 `InvalidRequest`.
         *
         *     Answers 202 Accepted with the file's href in `Location` and the body (as the recorded FotoWeb server does; the
         *     published document says 200). The href is the caller's only and works for one hour: a `GET` answers 202 with
         *     `Retry-After` until the file is made by a background job, then 200 with the file.
         */
        post: operations["requestRendition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/background-tasks/{id}/0/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a requested rendition
         * @description The `href` a `requestRendition` answered (FotoWeb's shape, `/fotoweb/me/background-tasks/<id>/0/<file name>`).
         *     202 with `Retry-After` (seconds) while the file is being made; then 200 with the file (`Content-Disposition:
         *     attachment` with its name, single byte ranges as `getRendition`). Only the user who requested it may download
         *     it, for one hour (404 after, and for anyone else); 404 too when the file could not be made (a damaged image).
         */
        get: operations["getRenditionFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/processing-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The processing profiles (administrators)
         * @description Magpie. The named processing profiles every asset offers as `renditions` beside the original (FotoWeb's
         *     Operations Center "Processing profiles"): a size (px, the longest side; null keeps the original's size), a
         *     format and a quality. Needs the group permission `manageArchives` (403). Sorted by name.
         */
        get: operations["listProcessingProfiles"];
        put?: never;
        /**
         * Create a processing profile (administrators)
         * @description Magpie. Creates a profile with a new id (a GUID); 201 with it, its href in `Location`. Needs `manageArchives`.
         *     A name already used (case aside) is 409 `Conflict`.
         */
        post: operations["createProcessingProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/processing-profiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a processing profile (administrators)
         * @description Magpie. Replaces the profile's name, size, format and quality; answers it. Needs `manageArchives`; 404 for an
         *     unknown id, 409 for a name another profile has.
         */
        put: operations["updateProcessingProfile"];
        post?: never;
        /**
         * Delete a processing profile (administrators)
         * @description Magpie. Removes the profile (204); assets no longer list it. Renditions already requested with it are still
         *     made. Needs `manageArchives`; 404 for an unknown id; 409 `ProcessingProfileInUse` while an archive's
         *     download processing names it (its downloads would otherwise be given unprocessed): choose another for that
         *     archive first.
         */
        delete: operations["deleteProcessingProfile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/watermarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The watermarks (administrators)
         * @description Magpie. The watermarks an archive can choose (`Renditions.WatermarkId` of its configuration) and that the
         *     processing profiles which apply the archive's watermark stamp on their images (FotoWeb's Operations Center
         *     "Watermarks"): an image, where it goes, its opacity and its size. Needs the group permission `manageArchives`
         *     (403). Sorted by name.
         */
        get: operations["listWatermarks"];
        put?: never;
        /**
         * Create a watermark (administrators)
         * @description Magpie. Creates a watermark with a new id (a GUID) from `image`, which is required here (400 without it, or
         *     when it is no PNG, JPEG or WebP image, or larger than 512 KiB or 4,000 px a side); 201 with it, its href in
         *     `Location`. Needs `manageArchives`. A name already used (case aside) is 409 `Conflict`.
         */
        post: operations["createWatermark"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/watermarks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a watermark (administrators)
         * @description Magpie. Replaces the watermark's name, position, opacity and scale, and its image when `image` is given (kept
         *     otherwise); answers it. Renditions and downloads made afterwards use the change. Needs `manageArchives`; 404
         *     for an unknown id, 409 for a name another watermark has, 400 as for creating.
         */
        put: operations["updateWatermark"];
        post?: never;
        /**
         * Delete a watermark (administrators)
         * @description Magpie. Removes the watermark (204). Needs `manageArchives`; 404 for an unknown id; 409 `WatermarkInUse` while
         *     an archive names it: choose another watermark, or none, for that archive first.
         */
        delete: operations["deleteWatermark"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/watermarks/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A watermark's image (administrators)
         * @description Magpie. The watermark's image as a PNG, for the administration page. Needs `manageArchives`; 404 for an unknown id.
         */
        get: operations["getWatermarkImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/trash/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deleted assets the caller may restore
         * @description Magpie (issue 13; spec 03 §1 trash can). The assets a `delete-request` moved to the trash, in the archives
         *     where the caller holds `Delete`. Entries older than the retention (`TRASH_RETENTION_DAYS`, 30 by default) are
         *     purged for good by a background job.
         */
        get: operations["listTrash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Restore or purge deleted assets
         * @description `restore` puts each asset back where it was (its folder is made again if it was removed); one whose name is
         *     taken there now is 409 `NameTaken` and nothing is restored. `purge` removes the asset, its revisions and
         *     files for good. Every id must be a trash entry the caller sees (400, `issues[].path` `restore.<i>` /
         *     `purge.<i>`). Answers the trash as it is then.
         */
        patch: operations["updateTrash"];
        trace?: never;
    };
    "/fotoweb/archives/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Archive list, or a search across all archives
         * @description Without `q`: the archives the caller can access. With `q` (the descriptor's `searchURL`,
         *     `/fotoweb/archives/{?q}`): a multi-collection search answering one search collection per archive with hits,
         *     each with its own `assetCount`; follow each element's `data` for its assets (FotoWeb API, Searching in
         *     multiple collections). The advanced-search parameters and key=value criteria search across archives as
         *     they do in a collection (`getCollection`). Guests may call it without a token while guest access is on
         *     (`GUEST_OPERATIONS`, issue 12): they see the archives Everyone or Guests are granted; with guest access off
         *     it answers 401 without a token.
         */
        get: operations["listArchives"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/archives/{archive}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An archive, folder or search result
         * @description An archive (`{archive}` is `<id>-<Name>`, e.g. `5000-Photos`; a bare `<id>` is accepted too). The same
         *     operation serves every collection below an archive:
         *
         *     - **Folders**: folder path segments may follow the archive, each percent-encoded and ending in `/`:
         *       `/fotoweb/archives/5000-Photos/sub/folder/`. Segments starting with `__` are reserved (for example
         *       `__renditions`, `__revisions`) and are never folders.
         *     - **Sort and page**: FotoWeb's path components `;o=<sort>` and `;p=<page>` may be appended after the last
         *       `/`, in that order: `/fotoweb/archives/5000-Photos/;o=fn;p=2`. `;o=` empty or absent is the default
         *       (last modified, newest first), `+` is last modified ascending, `fn`/`-fn` file name ascending/descending,
         *       `<fieldId>`/`-<fieldId>` sort by a metadata field. `;p=` starts with the 0-based page index and `first`
         *       never carries it; Magpie appends an opaque keyset position (`;p=3-a<token>`, `;p=9-l`), so a deep page
         *       costs what the first costs. A plain `;p=<n>` still works (offset). These URLs come from `paging` and
         *       `alt_orders`; clients never compute them. An unknown `;o=` or a malformed `;p=` answers 400. Keyset
         *       positions are signed by the server (HMAC-SHA256): one that was altered, forged or moved to another `;o=`
         *       answers 400 `InvalidRequest`. Every DAM process of a deployment accepts the links of the others (the key
         *       derives from the configured BFF client secret), also after a restart.
         *     - **Search**: `?q=<expression>` searches the collection (expand its `searchURL` template). The answer is a
         *       search collection with `searchString`, `searchQuery` and `clearSearch`. The advanced-search parameters
         *       (spec 02 §3: `dt`, `cs`, `o`, `ms`, `s`; `fsf`/`fst` in MB; `pwf`/`pwt`, `phf`/`pht` in px; the date
         *       ranges `mtf`/`mtt`, `itf`/`itt`, `rtf`/`rtt`, `ctf`/`ctt`), the key=value criteria (`fn`, `dn`, `fp`,
         *       `<fieldId>`) and `txnm` narrow the search further, each AND-ed with the others.
         *
         *     Representations by `Accept`:
         *     - `application/vnd.fotoware.collection+json` (and `application/json`): the collection with the first page of
         *       `assets` and of `children` embedded. It is meant for the first page; on a `;p=` URL `assets` holds that page.
         *     - `application/vnd.fotoware.collectioninfo+json`: the collection's attributes only (with `ancestors`).
         *     - `application/vnd.fotoware.assetlist+json`: one page of the collection's assets.
         *     - `application/vnd.fotoware.collectionlist+json`: one page of the collection's children (sub folders).
         */
        get: operations["getCollection"];
        put?: never;
        /**
         * Make a folder in an archive or folder
         * @description Body `{name}` (issue 13; spec 01 §3 Folder): a new folder named `name` (trimmed) in the archive or folder of
         *     the URL, which must offer it (`canCreateFolders`: the caller holds UploadFile there). The name follows the
         *     file-name rules of spec 01 §5 (400 `InvalidFolderName`, naming the rule); a folder of that name, without
         *     regard to case, answers 409 `FolderExists`. Answers 201 with `Location` and the new folder's `collectioninfo`.
         */
        post: operations["createFolder"];
        /**
         * Delete an empty folder
         * @description Deletes the folder of the URL and its sub-folders (issue 13) when none holds an asset or awaits an upload;
         *     otherwise 409 `FolderNotEmpty` and nothing changes. The folder offers it with `canBeDeleted` (the caller holds
         *     Delete). An archive is deleted in its settings (400). Answers 204.
         */
        delete: operations["deleteFolder"];
        options?: never;
        head?: never;
        /**
         * Rename a folder; style a folder's or an archive's tile, set or clear its cover
         * @description Body `FolderUpdate` (issue 13), at least one of:
         *
         *     - `name`: the folder of the URL takes the new name in the same place (a change of case only is a rename too);
         *       its sub-folders, their assets and the uploads on their way there follow, in one transaction. The name rules
         *       and 409 `FolderExists` are those of creating. An archive is renamed in its settings (400).
         *     - `color` (one of the 36 colours of `COLLECTION_COLORS`, or null for the default #999999) and `iconCharacter`
         *       (one of `COLLECTION_ICONS`, or null for `Folder`): the folder's or archive's tile (spec 02 §2, §9).
         *     - `poster_asset`: the href of an asset that the caller sees, in the folder or below it (for an archive: anywhere
         *       in the archive), whose previews become the cover; null clears it (spec 02 §6 SetPosterAsset). The cover
         *       is then the collection's `posterAsset` and its `posterImages`.
         *
         *     A folder offers it when its `edit` is its href (the caller holds Rename; its `permissions` then carry
         *     `SetPosterAsset`). An archive (the URL of the archive's root collection, e.g. `/fotoweb/archives/5000-Photos/`)
         *     takes `color`, `iconCharacter` and `poster_asset` from holders of the site permission `manageArchives` (403
         *     for others who may view it, 404 for those who may not); its `edit` is then its href and its `permissions`
         *     carry `SetPosterAsset`, but its `name` is refused (400: an archive is renamed in its settings). Answers the
         *     folder's or archive's `collectioninfo` at its (new) href.
         */
        patch: operations["renameFolder"];
        trace?: never;
    };
    "/fotoweb/archives/{archive}/{assetPath}.info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An asset
         * @description An asset's representation (FotoWeb API, Assets). Asset URLs end in `.info`; `{assetPath}` is the folder path
         *     and file name, each segment percent-encoded and separated by `/` (it may contain slashes, which OpenAPI
         *     path templating cannot express): `/fotoweb/archives/5000-Photos/2024/May/IMG%200001.jpg.info`.
         *     `permissions` and `previews` reflect the caller's rights on the asset's archive.
         */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Save metadata on an asset
         * @description FotoWeb API, Updating metadata on an asset (fotoweb-api-notes §4). The body gives the fields to change, keyed
         *     by field id; fields not given are unchanged. For a bag (`multi-instance`) field a string counts as one value
         *     and `"value": []` clears it; for a single-value field `""` clears it. Needs the archive permission
         *     `EditText` (403 `Forbidden` otherwise). Every field is checked against the archive's metadata view
         *     (`metadataEditor`): an unknown field id, a field that is not `isWritable`, an array for a single-value field,
         *     a value over `max-size` characters, a value failing `validation.regexp`, a number outside `min`/`max` or not
         *     a number for `integer`/`real`, a `date` that is not ISO 8601, a `boolean` other than `true`/`false`, or a
         *     value outside a `dropdown` field's `values` all answer 400
         *     `InvalidRequest` with one `issues[]` entry per problem (`path` `metadata.<fieldId>`). Nothing is saved when
         *     any field fails.
         *
         *     The answer is the updated asset. The change makes a revision (`revisioncount` grows) and is written into the
         *     original file in the background (`metadataWriteback.status` `pending`, then `written`, `unsupported` or
         *     `failed`); the search index is updated before the answer. A body that changes nothing makes no revision.
         */
        patch: operations["updateAsset"];
        trace?: never;
    };
    "/fotoweb/archives/{archive}/{assetPath}/__revisions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An asset's revisions, newest first
         * @description The asset's `revisions.href` (`<asset URL without .info>/__revisions/`). Every metadata change, new version of
         *     the file (Upload API with the asset URL as `destination`) and rollback makes a revision recording who, when
         *     and what changed. The first revision (number 1) is the asset as ingested. Needs `HistoryView` (403), and
         *     `View` (404).
         */
        get: operations["listRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/archives/{archive}/{assetPath}/__revisions/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Field-by-field differences between two revisions
         * @description Compares the asset's state after `leftRevision` with its state after `rightRevision` (revision numbers, in
         *     either order): every metadata field whose values differ, labelled from the metadata view, and whether the
         *     file differs. Needs `HistoryView`. 400 `InvalidRequest` for a malformed body, 404 for an unknown revision.
         */
        post: operations["compareRevisions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/archives/{archive}/{assetPath}/__revisions/{revision}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One revision
         * @description A revision's `href`. Needs `HistoryView`.
         */
        get: operations["getRevision"];
        put?: never;
        post?: never;
        /**
         * Delete a revision from the history
         * @description Removes a revision from the list (spec 01 §7). Needs `HistoryManage`. The current (newest) revision cannot be
         *     deleted (409 `Conflict`): it is the asset as it is. Deleting an older revision never changes the asset; a
         *     file kept only for that revision is removed from storage.
         */
        delete: operations["deleteRevision"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/archives/{archive}/{assetPath}/__revisions/{revision}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo one revision
         * @description Undoes the changes this revision made: each metadata field it changed gets the value it had before (other
         *     fields keep their current values), and a file revision brings back the previous file. Makes a new revision
         *     (`kind` `rollback`) and writes the result into the file like any edit. Needs `HistoryRollback` and `EditText`
         *     (plus `EditFile` for a file revision). Revision 1 (the ingest) cannot be undone (409 `Conflict`). The body
         *     is empty. Answers the updated asset.
         */
        post: operations["rollbackRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/archives/{archive}/{assetPath}/__revisions/{revision}/rollback-to": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore the asset as it was at a revision
         * @description Restores the asset's state after this revision: `rollbackType` `all` (metadata and file), `metadata` (every
         *     field as it was; the file stays) or `file` (the file as it was; the metadata stays). Later revisions stay in
         *     the list; the restore makes a new revision (`kind` `rollback`). Needs `HistoryRollback` and `EditText` (plus
         *     `EditFile` when the file changes). Answers the updated asset; restoring the current state changes nothing
         *     and makes no revision.
         */
        post: operations["rollbackToRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/archives/{archive}/{assetPath}.info/__renditions/{rendition}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a rendition (ORIGINAL is the original file)
         * @description The file behind an asset's `renditions[].href`. `ORIGINAL` is the original file as uploaded; other names are
         *     processing profile ids (issue 16): the profile's rendition is made as the rendition service makes it
         *     (`POST /fotoweb/services/renditions`; only images convert, 400 otherwise) and served once made, up to 20 s
         *     later; a rendition that takes longer answers 202 with `Location`, the rendition-response href to poll. The
         *     same rendition asked for again within its hour is served without being made again. Needs the archive
         *     permission `Download`. Supports single byte ranges (`Range:
         *     bytes=<start>-<end>`, RFC 9110 §14): 206 with `Content-Range`, 416 for an unsatisfiable range. The body's
         *     type is the file's media type when known, otherwise `application/octet-stream`; `Content-Disposition:
         *     attachment` carries the file name.
         */
        get: operations["getRendition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/cache/previews/{assetId}/{previewName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A preview image
         * @description A preview or thumbnail from an asset's `previews[].href` or a collection's `posterImages[].href`. The URL is
         *     opaque and may change when the asset changes (FotoWeb's preview URLs are ephemeral); Magpie puts a content
         *     version in `previewName`, so a response may be cached for a long time. Needs the archive permission
         *     `Preview`.
         */
        get: operations["getPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/cache/pages/{assetId}/{pageName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a document as an image
         * @description Magpie extension (issue 16): page `n` of a PDF as a JPEG at most 1600 px on its longest side, for the asset view's
         *     pager. The href comes from the asset's `documentPages.href` with `{page}` replaced by the page number (1 to
         *     `documentPages.count`). Pages are drawn on first request and kept; while the
         *     server draws too many pages at once it answers 429 with `Retry-After`. Needs the archive permission `Preview`.
         */
        get: operations["getDocumentPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/cache/video/{assetId}/{videoName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A movie's web-playable copy
         * @description Magpie extension (issue 16): the H.264/AAC MP4 (at most 1080 px, `moov` first) that the `web-video` background
         *     job made of a movie, from the asset's `webVideo.href` once `webVideo.status` is `ready`. Answers byte ranges
         *     (206) so players seek. The URL carries a content version, so responses may be cached. Needs the archive
         *     permission `Preview`.
         */
        get: operations["getWebVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an upload task (Upload API step 1)
         * @description Starts a chunked upload of one file (FotoWeb API, Upload API §1). `destination` is a collection `href`
         *     (archive or folder, from `upload_to` or a collection's `uploadHref`/`href`) or an asset `href` to upload a
         *     new revision (with `comment`). `folder` is a path below a collection destination, created if missing.
         *     The answer gives the chunk size in bytes and the number of chunks to send (a 0-byte file has 1 empty chunk).
         *     The maximum file size is 25 GB unless the server is configured lower.
         *
         *     Errors: 400 `InvalidRequest` (shape; `issues` lists the fields) or `InvalidFilename` (a file name with
         *     `\ / : * ? " < > |`, answered with spec 01 §5's message; longer than 255 bytes in UTF-8, extension included;
         *     with a control character (C0, DEL, C1), a bidirectional control (U+061C, U+200E/U+200F, U+202A–U+202E,
         *     U+2066–U+2069) or a lone surrogate; `.` or `..`); the same rules apply to each `folder` segment (400
         *     `InvalidRequest`); 403 `Forbidden` (no `UploadFile` permission on the destination collection; replacing an
         *     asset's file needs `EditFile` on its archive, spec 03 §3.11; or a checkout that is not the caller's); 404
         *     `NotFound` (the destination does not exist); 413 `PayloadTooLarge` (`fileSize` over the limit) or
         *     `UploadQuotaExceeded` (the caller's unfinished uploads, with this one, would hold more bytes than the
         *     server allows per user: finish them or let them expire). An upload that receives no chunk for the
         *     configured time (24 hours by default) expires: its status becomes `failed` with `error.value`
         *     `UploadExpired` and the chunks received are deleted. A file name already used in the destination folder is
         *     kept with a ` (2)`, ` (3)`… suffix; a file whose content the archive already holds ends as status `failed`
         *     with `error.value` `DuplicateAsset` and `result.assetUrl` naming the existing asset.
         *
         *     `metadata.fields` are applied once the asset exists, as a save by the uploader (a revision, written into the
         *     file): `add` (default) sets the value, `append`/`prepend` add to a bag's items or a text's ends, `erase`
         *     clears the field. Fields the archive's metadata view refuses (as `PATCH` would) are not applied and the asset's
         *     `warnings` say why; the upload itself does not fail for them.
         */
        post: operations["createUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/uploads/{id}/chunks/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one chunk (Upload API step 2)
         * @description One `multipart/form-data` part named `chunk` with the bytes (clients send file name `chunk` and
         *     `application/octet-stream`). Every chunk but the last is exactly `chunkSize` bytes; the last holds the rest.
         *     Chunks may arrive in any order and in parallel. When the last missing chunk arrives the task moves to
         *     `pending` and is processed in the background.
         *
         *     Errors: 400 `InvalidChunk` (index out of range or wrong size; a malformed multipart body: truncated, bad
         *     boundary, no `chunk` part, unreadable part headers); 404 `NotFound` (no such task for this user); 409
         *     `DuplicateChunk` (this index was already received, or the task is no longer awaiting data); 410
         *     `UploadExpired` (the task saw no chunk for the configured time and its data was deleted: start a new
         *     upload); 415 `UnsupportedMediaType` (not multipart). An error answered before the body is read still
         *     reads (and discards) a body of up to about one chunk, so the client receives the answer rather than a
         *     broken connection; a longer body is cut off after the answer.
         */
        post: operations["uploadChunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/uploads/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll an upload task (Upload API step 4)
         * @description `awaitingData` until every chunk arrived, then `pending`, `inProgress`, and finally `done` (with
         *     `result.assetUrl` and `result.assetDetails`, the asset as `GET <assetUrl>` answers the uploader; left out
         *     when the uploader may not view it) or `failed` (with `error`; `UploadExpired` for a task that saw no chunk for the
         *     configured time, `AssemblyFailed`, `DuplicateAsset`, `EmptyFile`, `IngestFailed`…; messages never carry
         *     server paths). An unknown id and another user's id both answer 403, as in
         *     FotoWeb, so ids cannot be probed.
         */
        get: operations["getUploadStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/editors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A metadata view
         * @description The metadata view behind a collection's or asset's `metadataEditor.href` (FotoWeb API, Metadata views;
         *     fotoweb-api-notes §4): the built-in fields mapped to field ids and the detail regions with their field
         *     descriptions, from which clients build every field editor. Each archive has its own view; Magpie seeds it
         *     with the default view (IPTC Core and FotoWeb's common field ids). Visible to callers with `View` on an
         *     archive that uses it (404 otherwise).
         */
        get: operations["getMetadataView"];
        /**
         * Change a metadata view (Magpie, administrators)
         * @description Magpie: replaces the view's name, built-in field mapping and detail regions (FotoWeb configures views in its
         *     admin tool; the admin screens come later). Administrators only (403 `Forbidden`). A field id used twice in
         *     the regions, a built-in field whose id is not in any region, a bad `validation.regexp` or `min` > `max`
         *     answers 400 `InvalidRequest`. Values already stored are kept; the new rules apply to the next edit.
         *     Answers the view as stored.
         */
        put: operations["replaceMetadataView"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/background-tasks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a background task (batch metadata edit, duplicate, rename, move, copy, rotate, delete)
         * @description FotoWeb API, Background tasks (fotoweb-api-notes §6.2; spec 01 §7). Magpie runs two request types, told apart
         *     by `Content-Type`:
         *
         *     - `metadata-edit-request`: the same `job-metadata` fields set on every asset in `assets` (1–1000 hrefs). A
         *       field's `value` is a string, or for a bag field an array (`[]` clears it). Before the task is created,
         *       every asset must exist and be visible to the caller (400 `InvalidRequest`, `issues[].path`
         *       `assets.<i>.href`), the caller needs `EditText` on each asset's archive (403), and every field is checked
         *       against each archive's metadata view like `PATCH` (400, `issues[].path` `job-metadata.<i>`). Each asset is
         *       then saved as a `PATCH` would (a revision, write-back into the file).
         *     - `duplicate-request`: each asset in `assets` is copied into a new asset in the same folder (` (2)`, ` (3)`…
         *       before the extension), with the file and metadata of `revision` (a revision number; the current state when
         *       absent). Needs `DuplicateFile` (403), and `HistoryView` when a revision is given; an unknown revision is
         *       400 (`assets.<i>.revision`). Each result names the copy in `result-href` and `result-filename`.
         *
         *     File operations (issue 13; spec 01 §7, §8), each asset processed on its own (one asset's failure is its
         *     result, the file stays where it was):
         *
         *     - `rename-request`: one asset in `assets` gets the name `job-filename` (needs `Rename`). The name keeps the
         *       file's extension, holds none of `\ / : * ? " < > |`, and is not taken in the folder (400).
         *     - `move-request` / `copy-request`: each asset goes into `job-destination`, an archive or folder href from the
         *       descriptor's `move_to` / `copy_to` list or below it. A move needs `MoveFrom` on the asset's archive and
         *       `MoveTo` on the destination's; a copy `CopyFrom` and `CopyTo` (403). Moving into the folder an asset is
         *       already in is 400. A moved asset keeps its id, metadata and revisions and answers at its new href
         *       (`result-href`); a name taken at the destination fails that asset (`NameTaken`). A copy is a new asset
         *       with the same metadata, named with the next free ` (2)`… suffix.
         *     - `rotate-request`: each asset's file is turned by `direction` (`cw` 90° clockwise, `ccw` 90° counter-
         *       clockwise, `180`) into a new file revision with upright previews (needs `CropRotate`; images only, others
         *       fail `NotAnImage`).
         *     - `delete-request`: each asset goes to the trash (needs `Delete`): it leaves every list, search and album
         *       until restored from `/fotoweb/me/trash/`, and is purged after the trash's retention.
         *
         *     Answers 201 with `Location` and `location` = the task's URL to poll (spec 01 §4 background job and
         *     duplicate-revision polling). Other task request types answer 415.
         */
        post: operations["createBackgroundTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/background-tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll a background task
         * @description The task's status (`task-status`, fotoweb-api-notes §6.2): `job.status` is `pending`, `inProgress`, `done` or
         *     `failed`; `job.updates.frequency` is how long to wait before polling again (ms; spec 01 §4); `job.result` has
         *     one entry per asset processed so far, with the fields it changed, or `done: false` and `error` when that
         *     asset failed. A task whose assets all failed ends `failed`. Only the user who created a task sees it (404
         *     for others and for unknown ids).
         */
        get: operations["getBackgroundTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/user-preferences/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current user's preferences
         * @description The descriptor's `user_preferences`. Four free-form groups: `intranet` (e.g. archivePinned, pinnedAlbums,
         *     folderPinned, taxonomyPinned), `shared` (e.g. sorting, grid settings), `pro` and `public` (spec 01 §3).
         *     A user with no stored preferences gets four empty objects.
         */
        get: operations["getUserPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update some of the current user's preferences
         * @description Body `{data: {<group>: {...}}}` (spec 03 §7, media type `user-preferences-update`). For each group given,
         *     its top-level keys replace the stored keys of that group and a key whose value is `null` is removed;
         *     groups not given are unchanged. Answers the whole updated preferences document. The stored document is
         *     limited to 64 KiB (413 `PayloadTooLarge`).
         */
        patch: operations["updateUserPreferences"];
        trace?: never;
    };
    "/fotoweb/me/pins/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current user's pins
         * @description The descriptor's `pins` (spec 01 §3, §7). The assets, archives and folders the user pinned, newest first,
         *     each with the representation a tile needs (`asset` or `collection`). Pins of things the user can no longer
         *     see (deleted, or no longer in an archive they may view) are left out. `limit` is the site's pin limit
         *     (`MAGPIE_PIN_LIMIT`, 200 by default). Guests have no pins (401).
         */
        get: operations["listPins"];
        put?: never;
        /**
         * Pin assets, archives, folders or albums
         * @description Body `{data: [href]}` (spec 01 §7; each item a string or `{href}`, 1 to 100 items): asset hrefs
         *     (`….info`), archive hrefs, folder hrefs, album hrefs (albums one may open) and taxonomy items' `searchHref`s
         *     (an archive's search for one item, `<archive>?txnm=<item id>`, from the archive's `taxonomies`), as the DAM
         *     hands them out.
         *     Hrefs already pinned are kept where they are. Up to the pin limit the hrefs are added in order; over it
         *     nothing more is: the answer's `added` says how many were (0 at the limit, and the client shows its `pinLimit`
         *     message, spec 01 §4, §8). An href that is none of these answers 400 `InvalidHref`; one the caller may not view
         *     answers 404, as if it did not exist (a taxonomy item without Navigate and Query is 404 too). Nothing is added
         *     unless every href is valid. Pinning an archive, a folder, an album or a taxonomy item also keeps the `intranet`
         *     preference groups `archivePinned`, `folderPinned`, `pinnedAlbums` and `taxonomyPinned` (`"<archive id>/<item
         *     id>"`) in step.
         */
        post: operations["addPins"];
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Unpin
         * @description Body `{assets: {delete: [href]}}` (spec 01 §7): removes those pins (an href that is not pinned is ignored,
         *     so unpinning twice is harmless). Answers the pins after the change.
         */
        patch: operations["removePins"];
        trace?: never;
    };
    "/fotoweb/me/alerts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current user's search alerts
         * @description The descriptor's `alerts` (spec 01 §3 Alert, §7). The user's alerts, oldest first: each watches an archive or a
         *     folder (`collection`) for new assets that match its search text (`dtSearchString`, a search expression; empty:
         *     every new asset) and tells the user at its `interval` by e-mail and in the notifications. Guests have none (401).
         */
        get: operations["listAlerts"];
        put?: never;
        /**
         * Create a search alert
         * @description Spec 01 §7: `collection` (an archive's or a folder's href) with an optional `interval` (default `every_day`)
         *     and search text. The new alert's href is also in `Location`. Only on archives where the caller holds the
         *     archive permission `Alert` (403; 404 when the caller may not even view the collection). 400 `InvalidRequest`
         *     for an unknown interval, a search expression that does not parse, or an href that names no collection; 409
         *     `AlertExists` when the user already has an alert on that collection and search, 409 `TooManyAlerts` past 100.
         *     The alert finds assets added after it was made.
         */
        post: operations["createAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/alerts/{alertId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id, from its `href`. */
                alertId: number;
            };
            cookie?: never;
        };
        /**
         * One of the current user's alerts
         * @description Another user's alert, or an unknown id, is 404.
         */
        get: operations["getAlert"];
        /**
         * Change an alert
         * @description Spec 01 §7 PUT: the alert's `interval` and search text (`collection`, when sent, must be the alert's own: an
         *     alert does not move; 400 otherwise). The errors of `createAlert`; the `Alert` permission is checked again.
         */
        put: operations["replaceAlert"];
        post?: never;
        /**
         * Delete an alert
         * @description The alert stops; the notifications it made stay. Another user's alert, or an unknown id, is 404.
         */
        delete: operations["deleteAlert"];
        options?: never;
        head?: never;
        /**
         * Change some of an alert
         * @description Spec 01 §7 PATCH; as `replaceAlert`, with only the properties sent changed.
         */
        patch: operations["updateAlert"];
        trace?: never;
    };
    "/fotoweb/me/notifications/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current user's notifications (Magpie)
         * @description Magpie extension, the descriptor's `notifications`: what the user's alerts found (the in-app side of the alert
         *     mail), newest first, the last 50, with how many are unread. Never cached. Guests have none (401).
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark every notification read (Magpie)
         * @description No body. Every notification of the user counts as read from now on.
         */
        post: operations["markNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's shopping cart, or how many items it holds
         * @description FotoWeb's cart (spec 02 §7 "GET item count (no cache)"). `Accept: application/vnd.fotoware.order+json` answers the
         *     cart as an `Order` in state `cart`; any other accepted type (`count+json`, `application/json`) answers `{count}`.
         *     Items whose asset was deleted or is no longer visible to the user are left out. Never cached. Guests have no
         *     cart (401).
         */
        get: operations["getCart"];
        /**
         * Replace the cart's items and comment
         * @description FotoWeb's `cart-update`: `orderItems` (each `{rendition}`, an asset's rendition href, e.g. its `ORIGINAL`) is the
         *     complete new list, in order (so it also reorders and removes), and `userComment` the orderer's comment. The rules
         *     of `addToCart` apply to every item. Answers 204.
         */
        put: operations["updateCart"];
        /**
         * Add assets to the cart
         * @description `{data: [{href}]}` (`assetlinklist`, spec 02 §7): asset hrefs, added at the end in order; one already in the cart
         *     stays where it is. Each needs the archive permission `Order` (403) on an asset the user may view (404). Nothing is
         *     added unless every href may be. The cart holds at most 500 items (409 `CartFull`). Answers 204.
         */
        post: operations["addToCart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/order-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an orderer fills in when submitting the cart
         * @description The descriptor's `order.config`: the extra fields of the submission form (the shapes of the sign-up form's
         *     fields) and the terms the orderer accepts (null: none). Signed-in users (401 for guests).
         */
        get: operations["getOrderConfig"];
        /**
         * Change the order configuration (Magpie)
         * @description The whole configuration. Needs `manageSettings` (403); 400 for a field that is not valid.
         */
        put: operations["updateOrderConfig"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/orders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's orders (order history)
         * @description The user's submitted orders, newest first (spec 03 §2.9 order history). Guests 401.
         */
        get: operations["listMyOrders"];
        put?: never;
        /**
         * Submit the cart as an order
         * @description The cart becomes a `pending` order with a reference (`ORD-000001`…) and the cart is empty again. The body is a
         *     `cart-update` with Magpie's `orderData` (answers to the configuration's fields) and `acceptTerms` (needed when
         *     the configuration has terms). When `orderItems` is sent it replaces the cart's items first. Holders of
         *     `approveOrders` with an e-mail address are mailed. 400 for an empty cart, missing or invalid answers or terms not
         *     accepted; 403 when an item may no longer be ordered. Answers 201 `order-submission-info` with `Location`.
         */
        post: operations["submitOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/orders/{list}/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The orders in this state. */
                list: "pending" | "approved" | "rejected";
            };
            cookie?: never;
        };
        /**
         * The site's orders in one state
         * @description For holders of `approveOrders` (403): the pending, approved or rejected orders, newest first (50). With
         *     `Accept: application/vnd.fotoware.count+json` only `{count}` (the settings menu's pending-orders badge, spec 03
         *     §2.1). Never cached.
         */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id, from its `href`. */
                orderId: number;
            };
            cookie?: never;
        };
        /**
         * One order
         * @description Its orderer, or a holder of `approveOrders`; anyone else gets 404. Never cached.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/orders/{orderId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                orderId: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending order
         * @description FotoWeb's APPROVE with an `orderupdate` body (spec 02 §7; a POST here: Node's HTTP parser refuses custom
         *     methods): `adminComment`, `expires` (when the download stops working; default 14 days,
         *     `MAGPIE_ORDER_DOWNLOAD_DAYS`), and per item `adminComment`. The orderer is mailed with a link to download the
         *     ordered files. Needs `approveOrders` (403); 404 for an unknown order; 409 `OrderNotPending` when it was decided
         *     already (approving twice).
         */
        post: operations["approveOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/orders/{orderId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                orderId: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending order
         * @description FotoWeb's REJECT (a POST here), with an optional `adminComment`; the orderer is mailed. The errors of `approveOrder`.
         */
        post: operations["rejectOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/orders/{orderId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                orderId: number;
            };
            cookie?: never;
        };
        /**
         * The ordered files as a ZIP
         * @description For the orderer of an approved order until it `expires` (then 410 `OrderExpired`): the originals of its items,
         *     whatever the orderer's Download permission (the approval grants them). 409 `OrderNotApproved` before approval
         *     or after rejection; 404 for anyone else.
         */
        get: operations["downloadOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/appearance/css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site's custom CSS
         * @description The stylesheet behind the descriptor's `appearance.customCss` (spec 01 §3), `text/css`. Anyone may read it,
         *     signed in or not, whatever the guest setting: the web app links it on every page. The descriptor's address
         *     carries `?v=<version>`, which changes whenever the CSS changes; asked with the current version the answer may
         *     be cached for a year (`immutable`), otherwise it is revalidated: the answer's `ETag` names the version, and
         *     `If-None-Match` with it is answered 304 without a body. Empty when no custom CSS is set. The public descriptor
         *     names it too (issue 15), and without one (guest access off) the web app links this address without `v`.
         */
        get: operations["getCustomCss"];
        put?: never;
        /**
         * Set or clear the site's custom CSS
         * @description Spec 01 §7 "POST custom CSS url: cssContent". The whole stylesheet; an empty string clears it (the descriptor's
         *     `appearance.customCss` is then null). At most 262,144 bytes of UTF-8 (413 `PayloadTooLarge`, nothing stored
         *     changes). Needs `changeSiteAppearance` (403). Answers the appearance settings as saved.
         */
        post: operations["updateCustomCss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/appearance/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The appearance settings (Magpie)
         * @description The descriptor's `appearance.admin.settings`: the custom CSS (its text, address and size limit) and the custom
         *     title-bar buttons, for the Manage site page. Needs `changeSiteAppearance` (403).
         */
        get: operations["getAppearanceSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/appearance/title-bar-buttons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The custom title-bar buttons
         * @description The links administrators add to the header (spec 02 §3 `customizations.customTitleBarButtons`), in `index`
         *     order. Any signed-in caller (the descriptor carries the same list, and the public descriptor for visitors).
         */
        get: operations["getTitleBarButtons"];
        /**
         * Replace the custom title-bar buttons
         * @description The whole list (at most 10). `href` is an http(s) URL or a site-relative path (`/…`, not `//…`); anything else
         *     (`javascript:` included) is 400. Needs `changeSiteAppearance` (403). Answers the list as saved, in `index` order.
         */
        put: operations["updateTitleBarButtons"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/privacy/cookie-consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cookie banner's text and the cookie policy
         * @description Spec 02 §7 "GET {base}/api/privacy/cookie-consent: returns banner and policy" (§3 Cookie consent reply). Anyone
         *     may read it, signed in or not, whatever the guest setting: the web app shows the banner to visitors who are not
         *     logged in until they accept this text (kept in local storage under `policy`), and the policy on
         *     `/fotoweb/views/cookie-policy`. Magpie's text says what Magpie itself stores: the session and CSRF cookies
         *     (strictly necessary) and the browser's local storage for display choices; no tracking and no third parties.
         *     `policy` is plain text, paragraphs separated by a blank line.
         */
        get: operations["getCookieConsent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/footer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site's footer (Magpie)
         * @description Magpie extension (issue 15; spec 02 §2 "a custom markdown footer"): the administrator's footer, Markdown (CommonMark)
         *     the web app renders in the floating footer on every page, the login page and the guests' pages too. Anyone may
         *     read it, signed in or not, whatever the guest setting. Raw HTML in it is shown as text, never rendered; links
         *     work only for http(s), mailto and site-relative addresses. `markdown` is `""` when the administrator wrote none.
         */
        get: operations["getSiteFooter"];
        /**
         * Replace the site's footer (Magpie)
         * @description The footer's Markdown, at most 10,000 characters (400 `InvalidRequest` over it), stored as sent (an empty or
         *     blank text removes the footer). Answers the footer as stored. Needs `manageSettings` (403).
         */
        put: operations["updateSiteFooter"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/people/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find people and groups to share an album with
         * @description The descriptor's `people_search` (FotoWeb API, `GET /fotoweb/me/people/?q=`, `people-list`): enabled users
         *     whose user name, full name or e-mail contains `q`, when the caller holds `albums.shareWithUsers`, and groups
         *     whose name contains it, when they hold `albums.shareWithGroups` (Everyone, Registered Users and Guests are not
         *     offered; with `albums.restrictToFriends` only the people in the caller's own groups and those groups); never
         *     the caller. At most 20 of each kind, by name. An empty `q` answers an empty list. 403 without either
         *     permission; guests 401.
         */
        get: operations["listPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/albums/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public albums
         * @description The public descriptor's `albums` (fotoweb-api-notes §9): the albums their owners show on the home page
         *     (`showOnHomepage`, group permission `albums.showOnHomepage`), neither archived nor deleted, newest first, with
         *     their owners' names. Anyone may open them; like every album, each shows its viewer only the assets they may
         *     view in their archives. Guests read it while guest access is on (401 otherwise).
         */
        get: operations["listPublicAlbums"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/albums/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The albums the user can open
         * @description The descriptor's `albums` (FotoWeb API, Albums): the user's own albums that are neither archived nor deleted,
         *     newest first. `q` keeps those whose name or description contains the words (case-insensitive). Each album is
         *     a `collectioninfo` with `isLinkCollection: true`, `type: "album"`, its asset count and its cover. Guests have no
         *     albums (401).
         */
        get: operations["listAlbums"];
        put?: never;
        /**
         * Create an album
         * @description Body `{name, description?}`: a new empty album owned by the caller, who needs the group permission
         *     `albums.create` (spec 03 §3.3; 403 otherwise). The name is 1 to 200 characters after trimming (400
         *     `InvalidRequest` otherwise); names need not be unique. Answers 201 with the album's `collectioninfo` and its
         *     href in `Location`.
         */
        post: operations["createAlbum"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/albums/{list}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the user's album lists
         * @description The descriptor's album lists: `mine` (owned, neither archived nor deleted), `shared-with-me` (albums others
         *     shared with the user or one of their groups, neither archived nor deleted; `props.owner` names the owner),
         *     `archived` and `deleted` (owned; a deleted album stays until it is deleted again), and `contribute` (albums
         *     shared with the user with the `contribute` right). Newest first.
         */
        get: operations["listAlbumsIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/users/{userId}/albums/{albumId}/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        /**
         * An album and its assets
         * @description The album (FotoWeb API, `GET /fotoweb/users/{userid}/albums/{albumid}/`) as `collection` (with the first page
         *     of its assets in the album's order), `collectioninfo`, or `assetlist` (one page; `?p=` is the 0-based page
         *     the `paging` links name). An album lists only the assets the caller may view in their archives (AutoSearch
         *     included); the others stay in it, unseen. Its owner opens it, and so do the people and groups it is shared
         *     with (`.shares/`) and, for a public album (`showOnHomepage`), anyone (guests too while guest access is on),
         *     while it is neither archived nor deleted; anyone else gets 404.
         */
        get: operations["getAlbum"];
        put?: never;
        /**
         * Add assets to an album
         * @description Body `{data: [href]}` (`assetlinklist`; each item a string or `{href}`, 1 to 1,000): asset hrefs the caller
         *     may view (404 otherwise, as if they did not exist; 400 `InvalidHref` for an href that is not an asset's).
         *     They go to the end of the album in the order given; assets already in it stay where they are. An album holds
         *     at most 10,000 assets (409 `AlbumFull`, nothing added). The owner adds, and so do the people it is shared with
         *     for contribution (acl `contribute`; 403 for the others it is shared with, 404 for anyone else). Answers how
         *     many were added and the album.
         */
        post: operations["addAlbumAssets"];
        /**
         * Delete an album
         * @description Moves the album to the owner's deleted albums (`albums_deleted`), from where `PATCH {deleted: false}` restores
         *     it; deleting an album that is there already removes it for good. Its assets stay in their archives. Only the
         *     owner deletes (404 for anyone else). Answers 204.
         */
        delete: operations["deleteAlbum"];
        options?: never;
        head?: never;
        /**
         * Rename, describe, archive, restore, set the cover, remove or reorder assets
         * @description Body `AlbumUpdate` (spec 01 §7 `PATCH album` `assets.delete`, `PATCH collection` `poster_asset`; spec 02 §6
         *     SetPosterAsset), every key optional and applied together in one transaction: `name`, `description`,
         *     `poster_asset` (an asset href in the album, or null to clear the cover: the first asset is then shown),
         *     `assets.delete` (asset hrefs taken out; one not in the album is ignored), `move` (assets of the album put at
         *     the top, the bottom, or before or after another asset of it, keeping their order: relocation of spec 01 §2),
         *     `archived` (true archives, false restores) and `deleted: false` (restores a deleted album). Only the owner
         *     changes an album (404 for anyone else). Answers the album's `collectioninfo`.
         */
        patch: operations["updateAlbum"];
        trace?: never;
    };
    "/fotoweb/users/{userId}/albums/{albumId}/.shares/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        /**
         * How an album is shared
         * @description The album's sharing (FotoWeb API, `GET /fotoweb/users/{userid}/albums/{albumid}/.shares/`, `sharing`): its share
         *     links (`type: "everyone"`: anyone with the link opens the album's public page, without an account), each with
         *     its expiry, whether it has a password, and whether it lets visitors download originals; and the users and
         *     groups it is shared with (`type: "user"` / `"group"`, the person's or group's `href` and `name`, `acl` with
         *     `contribute` when they may add assets). Revoked links are not listed. Only the owner (and holders of
         *     `manageAlbums`) reads it (404 for anyone else).
         */
        get: operations["getAlbumShares"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Share an album with users, groups or by link; stop sharing
         * @description Body `sharing-update` (FotoWeb API). `addShares` of `type: "everyone"` make share links (`acl` `view`,
         *     `preview`, and `download` to let visitors download originals; optional `expires`, a date-time in the future,
         *     and `password`, 4 to 200 characters). `addShares` of `type: "user"` or `"group"` share the album with the
         *     person or group of `href` (from the people search, `people_search`; `acl` `view`, `preview`, `download` and
         *     `contribute` to let them add assets; sharing again with the same one replaces its acl): they find it under
         *     `shared-with-me` (and `contribute`) and open it, seeing the assets they may view themselves. `removeShares`
         *     with a link's, user's or group's `href` revoke that share at once.
         *     Group permissions of spec 03 §3.3: links need `albums.shareWithGuests`, users `albums.shareWithUsers`, groups
         *     `albums.shareWithGroups`, and `download` in any acl `albums.delegateDownloads` (403); with
         *     `albums.restrictToFriends` a user is shared with only when they are in one of the sharer's groups (other than
         *     Everyone and Registered Users), and a group only when the sharer is in it (403 `NotAFriend`). Unknown or
         *     disabled users and groups are 400 `InvalidHref`; the owner is not shared with (400). A deleted album is not
         *     shared (409). Answers `sharing-link-list` `{addedShares: [{type, acl, sharedHREF}]}`, `sharedHREF` the public
         *     page's URL for a link and the album's href for a user or group.
         */
        patch: operations["updateAlbumShares"];
        trace?: never;
    };
    "/fotoweb/users/{userId}/albums/{albumId}/.comments/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        /**
         * An album's comments
         * @description The comments on an album, oldest first (Magpie; FotoWeb's `props.comments` of a collection, spec 03 §3.3
         *     `albums.comment` and `moderateComments`): each with its text, author, date and whether the caller may delete
         *     it (`allowDelete`: its author, the album's owner, and holders of `moderateComments`). Whoever opens the album
         *     reads them: its owner, the users and groups it is shared with, holders of `manageAlbums`, and, on a public
         *     album, signed-in users (not guests, not share-link visitors). `canComment` says whether the caller may add
         *     one (`albums.comment`, on an album that is neither archived nor deleted). An album the caller may not open is
         *     404, as the album is.
         */
        get: operations["listAlbumComments"];
        put?: never;
        /**
         * Comment on an album
         * @description Adds a comment (`{text}`, 1 to 2,000 characters once trimmed; lines kept) by the caller, who needs the group
         *     permission `albums.comment` (403) and must be able to open the album (404). An archived or deleted album takes
         *     no comments (409). Answers 201 with the comment, its href also in `Location`.
         */
        post: operations["addAlbumComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/users/{userId}/albums/{albumId}/.comments/{commentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
                /** @description The comment's id (from its href). */
                commentId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a comment
         * @description Deletes a comment for good. Its author, the album's owner and holders of `moderateComments` may (403 for
         *     others who can open the album; 404 for an album the caller may not open or a comment that is not on it).
         */
        delete: operations["deleteAlbumComment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/shares/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
            };
            cookie?: never;
        };
        /**
         * A shared album's public page
         * @description What a share link shows, to anyone, with or without a token (issue 13): the album's name, description and
         *     assets in its order (as its owner sees them), each with previews served through the link and, when the link
         *     allows downloads, its original. A link with a password needs `access` (from `POST …/access`): 401
         *     `SharePasswordRequired` otherwise. An unknown or revoked link, or one whose album was deleted, answers 404
         *     `ShareNotFound`; an expired one 410 `ShareExpired`. Never the album itself.
         */
        get: operations["getSharedAlbum"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/shares/{token}/access": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a share link's password
         * @description Body `{password}`: for a link with a password, answers an `access` value (valid 12 hours) to send as
         *     `?access=` with the link's page, previews and originals. A wrong password answers 403 `WrongPassword`; after 10
         *     wrong passwords within 15 minutes a link answers 429 until that time has passed. A link without a password
         *     answers an empty `access`.
         */
        post: operations["unlockSharedAlbum"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/shares/{token}/previews/{assetId}/{previewName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
                assetId: string;
                previewName: string;
            };
            cookie?: never;
        };
        /**
         * A preview of a shared album's asset
         * @description A preview from a shared album's `previews[].href`; the link's rules of `getSharedAlbum` apply.
         */
        get: operations["getSharedPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/shares/{token}/originals/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
                assetId: string;
            };
            cookie?: never;
        };
        /**
         * The original of a shared album's asset
         * @description The original file, as an attachment, when the link allows downloads (403 otherwise); the link's rules of `getSharedAlbum` apply.
         */
        get: operations["getSharedOriginal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The taxonomies (one per metadata field with a taxonomy)
         * @description A paged list with one `TaxonomyInfo` per field that has a taxonomy, by field id (fotoweb-api-notes §7;
         *     spec 03 §7). Later pages are at `;p=<n>` (0-based) after the last `/`, taken from `paging`. Every signed-in
         *     caller may read taxonomies. Magpie starts with the Keywords taxonomy (field 25), empty.
         */
        get: operations["listTaxonomies"];
        put?: never;
        /**
         * Enable a taxonomy for a field
         * @description Creates the taxonomy of `field` (fotoweb-api-notes §7). Needs `allowTaxonomyEditing` (403 `Forbidden`).
         *     A field that has a taxonomy already answers 409 `TaxonomyExists`. Answers 201 with `Location` and the
         *     taxonomy.
         */
        post: operations["createTaxonomy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/info/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Items by id, across taxonomies
         * @description Maps taxonomy item ids or names to their items, each with its `field` and `ancestors` (fotoweb-api-notes §7
         *     `POST /fotoweb/api/taxonomies/info` takes item ids; spec 02 §7 sends the item names of its `txnm` key and
         *     reads a name → field mapping). Each string finds the item with that id, and the items of any taxonomy whose
         *     name or value equals it (case-insensitive). The body is FotoWare's array, or `{txnm: [...]}`; at most 1000
         *     strings. Unknown strings and items hidden from the caller are left out; the answer follows the order asked,
         *     each item once. `/fotoweb/api/taxonomies/info` (without the slash) is the same operation.
         */
        post: operations["getTaxonomyItemsInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/archives/{archiveId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The taxonomies of an archive, with their top-level items
         * @description Every taxonomy with its first page of top-level items (fotoweb-api-notes §7). Magpie archives share one set
         *     of taxonomies. Needs `View` on the archive (404 otherwise, as for collections).
         */
        get: operations["listArchiveTaxonomies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/{fieldId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A field's taxonomy or a taxonomy search, without the trailing slash
         * @description Same as `GET /fotoweb/api/taxonomies/{fieldId}/` for its first page (spec 02 §7 writes the taxonomy search as
         *     `{base}/api/taxonomies/{field}?q={text}`; FotoWeb answers both). Later pages are at the trailing-slash URL's
         *     `;p=<n>`, as every `paging` link says.
         */
        get: operations["getTaxonomyNoSlash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/{fieldId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A field's taxonomy with a page of top-level items, or a taxonomy search
         * @description The taxonomy of `fieldId` (a metadata field's `taxonomyHref`) and one page of its top-level items, sorted by
         *     name (spec 02 §2 Taxonomy tree popover; fotoweb-api-notes §7). With `?q=` the items are those of any level
         *     whose name or value contains the text, case-insensitively, each with its `ancestors` (spec 02 §7 taxonomy
         *     search). Pages are at `;p=<n>` (0-based) after the last `/`; every `paging` link carries `;p=`, and a `;p=`
         *     URL answers the `taxonomy-item-list` alone (FotoWare: "if a paging parameter is specified, this request
         *     always returns a taxonomy item list"). A page past the end is empty.
         *
         *     Representations by `Accept`: `taxonomy` (and `application/json`) the taxonomy with `items`;
         *     `taxonomy-info` the taxonomy alone; `taxonomy-item-list` the page of items.
         *
         *     Who sees what (spec 02 §6): callers with `allowTaxonomyEditing` see every item; others see only items that
         *     carry `Set`, or carry `Navigate` and have children. A field without a taxonomy answers 404.
         */
        get: operations["getTaxonomy"];
        /**
         * Rename a taxonomy
         * @description Changes the taxonomy's names (fotoweb-api-notes §7). Needs `allowTaxonomyEditing` (403). Answers 204.
         */
        put: operations["updateTaxonomy"];
        /**
         * Add a top-level item
         * @description Adds an item at the top of the taxonomy (spec 02 §7 "POST to a taxonomy href with the new item: creates it;
         *     the response is the item"). Only `name` is required; `value` defaults to the name without `<` and `>`
         *     (spec 02 §5) and `acl` to Navigate, Query and Set (spec 02 §3). Needs `allowTaxonomyEditing` (403). A blank
         *     name or value answers 400 `InvalidRequest`, a `customSearch` that is not a search expression 400
         *     `InvalidSearchExpression`, a sibling with the same name (case-insensitive) 409 `TaxonomyItemExists`.
         *     Answers 201 with `Location` and the item.
         */
        post: operations["createTopLevelTaxonomyItem"];
        /**
         * Delete a taxonomy with all its items
         * @description Needs `allowTaxonomyEditing` (403). Answers 204, also when the field had no taxonomy (FotoWare).
         */
        delete: operations["deleteTaxonomy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/{fieldId}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import items from a text file (Magpie)
         * @description Magpie: adds the items of a text file to the taxonomy (issue 5): one item per line, indentation (tabs or
         *     spaces) for hierarchy, blank lines ignored; `[Name]` adds an item without `Set` (a category) and `{synonym}`
         *     lines are skipped, so Adobe Lightroom keyword exports import as they are. A line naming an item already under
         *     the same parent (case-insensitive) adds nothing, so a re-import is idempotent; nothing is deleted. Runs in one
         *     transaction: a malformed file stores nothing and answers 400 `InvalidTaxonomyFile` with the line number in
         *     `message` (`Line 3: …`). Needs `allowTaxonomyEditing` (403). `npm run import:taxonomy` calls this.
         */
        post: operations["importTaxonomyText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/{fieldId}/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An item with its ancestors and the first page of its children
         * @description An item (its `href` from a list), its `ancestors` from the top-level item down, and the first page of its
         *     `children` sorted by name: the tree's lazy children (spec 02 §4, §7). Further pages are at
         *     `<item href>/;p=<n>` (`getTaxonomyItemChildren`). Representations by `Accept`: `taxonomy-item` (and
         *     `application/json`), `taxonomy-item-info` (no children), `taxonomy-item-list` (the children alone). Callers
         *     without `allowTaxonomyEditing` get 404 for items hidden from them (spec 02 §6) and no children of an item
         *     without `Navigate`.
         */
        get: operations["getTaxonomyItem"];
        /**
         * Change an item
         * @description Replaces the item's name, value, description, custom search and acl (spec 02 §7 "PUT {item href} with the
         *     item as JSON"; the edit modal of spec 02 §2). `name`, `value` and `acl` are required and name and value must
         *     not be blank (spec 02 §5). Needs `allowTaxonomyEditing` (403). Errors as for creating. Answers 200 with the
         *     stored item (FotoWare answers 204; clients that ignore the body work with both).
         */
        put: operations["updateTaxonomyItem"];
        /**
         * Add an item under this one
         * @description As `createTopLevelTaxonomyItem`, under this item (spec 02 §2 "add child"). An unknown parent answers 404.
         */
        post: operations["createChildTaxonomyItem"];
        /**
         * Delete an item with all its descendants
         * @description Deletes the item and everything below it (the web client confirms first when it has children, spec 02 §2).
         *     Needs `allowTaxonomyEditing` (403). Answers 204, also when the item did not exist (FotoWare).
         */
        delete: operations["deleteTaxonomyItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/taxonomies/{fieldId}/{itemId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of an item's children
         * @description One page of the item's children, sorted by name, at `;p=<n>` after the `/` (the links of `children.paging`;
         *     no `;p=` is page 0). Answers the `taxonomy-item-list` (also for `application/json`), or with
         *     `Accept: application/vnd.fotoware.taxonomy-item+json` the item with that page as `children`. Visibility as
         *     for `getTaxonomyItem`.
         */
        get: operations["getTaxonomyItemChildren"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of users (the descriptor's `users` and `userManagement.userList`)
         * @description Spec 03 §7 "Users and groups", §3.5. One page of users in the admin view (`User`), with `count` (all users
         *     matching `q`) and `paging` links that carry the same `q`, `sortfield` and `sortdir` with another `p`; clients
         *     follow them, never compute them. `q` finds users whose username, first name, last name, e-mail or company
         *     contains the text (case-insensitive). Sorting on `fullName` sorts on the first name, then the last name
         *     (spec 03 §7). The guest user (15000) is left out, and `count` lowered by one, while guest access is off
         *     (spec 03 §4, §9). Deleted users are never listed. Needs the group permission `manageUsers` (403 `Forbidden`).
         *     `application/json` answers the same `UserList`.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description Spec 03 §7 "POST user list href", §3.1. Fields left out take the new-user defaults of spec 03 §3.1/§9
         *     (`NEW_USER_DEFAULTS`: enabled, no expiry, license level 35 mode 0, payment method 1, discount 0). The
         *     password is hashed with scrypt and never returned; `confirmPassword` is the form's and is never sent. A new
         *     user is a member of Everyone and Registered Users only; add groups afterwards through `memberOfHref`.
         *     Answers 201 with `Location` (the user's `href`) and the user.
         *
         *     Refusals: 400 `InvalidRequest` (a blank or over-long name, an invalid e-mail, with `issues`), 400
         *     `WeakPassword` (`PASSWORD_RULES`), 403 `Forbidden` (no `manageUsers`), 409 `UserExists` (the username is
         *     taken, case-insensitively), 409 `out_of_licenses` (no seat left at that license level; the message contains
         *     the literal `out_of_licenses`, spec 03 §8). Nothing is stored when refused.
         */
        post: operations["createUser"];
        /**
         * Delete many users
         * @description Spec 03 §7 "DELETE user list href" (body `users`, `user-list` media type), §4 "After a batch delete". Deletes
         *     each user of `users` whose `delete` action the caller has; the others (the site owner, the caller, users the
         *     caller may not delete, unknown hrefs) are reported in `skipped`. Deleting removes the user's memberships,
         *     access-list entries and tokens (their sessions end) and frees the username. Answers 200 `{deleted,
         *     skipped}`. 403 `Forbidden` without `manageUsers`.
         */
        delete: operations["deleteUsers"];
        options?: never;
        head?: never;
        /**
         * Change company, license, access or expiry of many users (batch)
         * @description Spec 03 §7 "batch update", §2.8, §5 "Batch operations". Applies `data` to each user of `users` whose
         *     matching action allows it for the caller (`address.organization` needs `update`, `license` needs
         *     `updateLicense`, `account.isEnabled` and `account.expires` need `updateAccountStatus`). Users it may not
         *     change, unknown hrefs and users the change would break (disabling the site owner: `SiteOwnerProtected`; no
         *     seat left: `out_of_licenses`) are reported in `skipped` with a `value` and `message`, and the others are
         *     changed. Answers 200 with `{updated, skipped}` (hrefs in request order). 403 `Forbidden` without
         *     `manageUsers`.
         */
        patch: operations["updateUsers"];
        trace?: never;
    };
    "/fotoweb/users/site-owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site owner (the descriptor's `userManagement.siteOwner`)
         * @description Spec 03 §6: there is exactly one site owner, who holds every permission and cannot be deleted or disabled.
         *     Answers `{user: <href>}`. Needs `manageUsers` (403).
         */
        get: operations["getSiteOwner"];
        /**
         * Hand the site-owner role to another user
         * @description Spec 03 §7 "PUT site owner href" (body `{user: href}`, `user-reference` type), §4 "Site-owner change". Only a
         *     caller whose `setNewSiteOwner` action is allowed (the site owner) may do it (403 `Forbidden`). The new owner
         *     must be an enabled person, not the guest (400 `InvalidRequest`); an unknown href is 400 `InvalidRequest`.
         *     The previous owner keeps only what their groups give them; the client then logs the caller out. Answers 204.
         */
        put: operations["setSiteOwner"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user
         * @description The user's `href` and the descriptor's `user.href`. `Accept` picks the shape (a documented exception to
         *     "`application/json` is the primary representation"): `application/vnd.fotoware.user+json` answers the admin
         *     view of spec 03 §3.1 (`User`: hrefs, numeric license, the caller's `actions`); `application/json` answers
         *     FotoWare's Beta `User` (`BetaUser`, FotoWare API "User Management (Beta)"). Needs `manageUsers`, except that
         *     every caller may read their own user (otherwise 404 `NotFound`, also for deleted users).
         */
        get: operations["getUser"];
        /**
         * Change a user from a Beta user (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_UpdateUser`. As `updateUser`: each given part of FotoWare's Beta
         *     `User` is stored and needs its action (absent parts stay as they are; read-only fields are ignored).
         *     `account.deletePassword: true` removes the password (`updatePassword`). Answers 204.
         */
        put: operations["updateBetaUser"];
        post?: never;
        /**
         * Delete one user
         * @description Spec 03 §7 "DELETE /fotoweb/api/users/{id}". Needs the user's `delete` action (403 `Forbidden`). The site
         *     owner answers 403 `SiteOwnerProtected`; deleting oneself 403 `Forbidden`. The user's memberships,
         *     access-list entries and tokens go with it and the username is freed. Answers 204.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Change some of a user's fields
         * @description Spec 03 §7 "PATCH user href" (only the changed fields, `user` type), §5 "User save". Each part needs its action
         *     (403 `Forbidden` naming it): `account.isEnabled`/`account.expires` `updateAccountStatus`, `license`
         *     `updateLicense`, `account.password`/`account.forcePasswordChange` `updatePassword`, the rest `update`. A
         *     password set here is hashed (400 `WeakPassword` when it breaks `PASSWORD_RULES`) and ends that user's other
         *     sessions. Disabling or expiring the site owner is 403 `SiteOwnerProtected`; a taken username 409
         *     `UserExists`; a license level without a free seat 409 `out_of_licenses`. Answers 200 with the user as `getUser`
         *     would for the same `Accept`. Nothing is stored when refused.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/fotoweb/api/users/{id}/member-of": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The groups a user is a direct member of (the user's `memberOfHref`)
         * @description Spec 03 §7 "GET user memberOf href" (`memberof` type): `{groups: [{href, name}]}`, by name, including Everyone
         *     and Registered Users (spec 03 §3.2). `application/json` answers FotoWare's Beta array of `BetaGroup`.
         *     Needs `manageUsers` (or being that user).
         */
        get: operations["getUserMemberOf"];
        /**
         * Set the groups a user is a direct member of (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_SetUserMemberships`. The user is removed from every other group. The
         *     built-in groups' members are implicit: naming one, or an unknown id, is 400 `InvalidRequest`. Needs the user's
         *     `updateMemberships` action (403). All or nothing. Answers 204.
         */
        put: operations["setUserMemberOf"];
        /**
         * Add a user to groups (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_AddUserMemberships`. As `setUserMemberOf`, keeping the other
         *     memberships. Answers 204.
         */
        post: operations["addUserMemberOf"];
        /**
         * Remove a user from every group (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_DeleteAllUserMemberships`. Every explicit membership ends (Everyone
         *     and Registered Users stay: theirs are implicit). Needs the user's `updateMemberships` action (403). Answers 204.
         */
        delete: operations["deleteUserMemberOf"];
        options?: never;
        head?: never;
        /**
         * Add the user to groups and remove them from others
         * @description Spec 03 §7 "PATCH user memberOf href" (`group-list-update` type, `{add, remove}` of group hrefs). Needs the
         *     user's `updateMemberships` action (403; the guest user's groups are Everyone and the guest group only, and an
         *     API client's user changes with its client). The built-in groups' members are implicit: adding to or removing
         *     from Everyone or Registered Users is 400 `InvalidRequest`, as is an unknown href. All or nothing. Answers 204.
         */
        patch: operations["updateUserMemberOf"];
        trace?: never;
    };
    "/fotoweb/api/users/{id}/device-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Reset a user's device tokens (the user's `deviceTokensHref`)
         * @description Spec 03 §7 "DELETE device tokens href", §2.7. Revokes every refresh and access token of the user, so all
         *     their sessions end at the next call. Needs the user's `resetDeviceTokens` action (403). Answers 204.
         */
        delete: operations["resetUserDeviceTokens"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/groups/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of groups (the descriptor's `groups` and `userManagement.groupList`)
         * @description Spec 03 §7, §3.5: one page of groups in the admin view (`Group`) with `count` and `paging` (links carry `q`,
         *     `sortfield`, `sortdir`). `q` finds groups whose name or description contains the text. The guest group
         *     (10000) is left out, and `count` lowered by one, while guest access is off. Needs `manageUsers` (403).
         */
        get: operations["listGroups"];
        put?: never;
        /**
         * Create a group
         * @description Spec 03 §7 "POST group list link" (name, description, license, permissions, propertyBag, samlGroupName),
         *     §5 "Group". Needs `manageUsers` (403). A blank or over-long name is 400 `InvalidRequest`; a name already used
         *     (case-insensitively) 409 `GroupExists`. Answers 201 with `Location` and the group.
         */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One group
         * @description `application/vnd.fotoware.group+json` answers the admin view of spec 03 §3.2 (`Group`); `application/json`
         *     answers FotoWare's Beta `Group` (`BetaGroup`). Needs `manageUsers` (404 `NotFound` otherwise).
         */
        get: operations["getGroup"];
        /**
         * Change a group from a Beta group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_UpdateGroup`. As `updateGroup`: each given part of FotoWare's Beta
         *     `Group` is stored (absent parts stay; a given `permissions` object is the whole set: a permission absent or
         *     false is not held). Built-in groups keep their names (403). A taken name 409 `GroupExists`. Answers 204.
         */
        put: operations["updateBetaGroup"];
        post?: never;
        /**
         * Delete one group
         * @description Spec 03 §7 "DELETE /fotoweb/api/groups/{id}". Needs the group's `delete` action (403); the built-in groups
         *     cannot be deleted (403 `Forbidden`). Its memberships and access-list entries go with it. Answers 204.
         */
        delete: operations["deleteGroup"];
        options?: never;
        head?: never;
        /**
         * Change some of a group's fields
         * @description Spec 03 §7 "PATCH group href" (only the changed fields). Needs the group's `update` action (and
         *     `updateSAMLGroupName` for `samlGroupName`; 403). The built-in groups cannot be renamed (403 `Forbidden`). A
         *     taken name is 409 `GroupExists`. Answers 200 with the group as `getGroup` would for the same `Accept`.
         */
        patch: operations["updateGroup"];
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a group's direct user members (the group's `userMembersHref`)
         * @description Spec 03 §7 "GET /fotoweb/api/groups/{id}/users", §2.5 (member grids with More). `member-list`: `{data,
         *     count, paging}` of `Member`s (`type: user`): people only, so the hidden user of an API client acting as the
         *     group is neither listed nor counted. The built-in groups list no members (theirs are implicit).
         *     `application/json` answers FotoWare's Beta array of `BetaUser`. Needs `manageUsers` (404).
         */
        get: operations["listGroupUsers"];
        /**
         * Replace a group's direct user members (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_SetGroupUserMembers`. The body's `users` become the group's only
         *     user members (the other list of the body is not read); the hidden user of an API client acting as the group
         *     stays. Needs the group's `updateMembers` action (403: built-in groups, whose members are implicit); unknown
         *     ids, the guest user and API clients' users 400 `InvalidRequest`. Each user's memberships must be the caller's
         *     to change (the site owner's are the owner's own: 403 `SiteOwnerProtected`). All or nothing. Answers 204.
         */
        put: operations["setGroupUsers"];
        /**
         * Add user members to a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_AddGroupUserMembers`. As `setGroupUsers`, keeping the other
         *     members. Answers 204.
         */
        post: operations["addGroupUsers"];
        /**
         * Remove every user member of a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteAllGroupUserMembers`: every person leaves (the hidden user
         *     of an API client acting as the group stays). Needs the group's `updateMembers` action (403). Refused (403)
         *     when a member is a user whose memberships the caller may not change. Answers 204.
         */
        delete: operations["deleteGroupUsers"];
        options?: never;
        head?: never;
        /**
         * Add users to a group and remove others
         * @description Spec 03 §7 "PATCH userMembersHref" (`{add, remove}` of user hrefs). Needs the group's `updateMembers` action
         *     (403). Unknown hrefs, the guest user (whose groups are Everyone and the guest group only) and an API client's
         *     user (changed with its client): 400 `InvalidRequest`. All or nothing. Answers 204.
         */
        patch: operations["updateGroupUsers"];
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a group's direct group members (the group's `groupMembersHref`)
         * @description As `listGroupUsers`, with `Member`s of `type: group`. `application/json` answers FotoWare's Beta array of
         *     `BetaGroup`.
         */
        get: operations["listGroupGroups"];
        /**
         * Replace a group's direct group members (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_SetGroupGroupMembers`. The body's `groups` become the group's only
         *     group members (the other list of the body is not read). Needs the group's `updateMembers` action (403: built-in
         *     groups, whose members are implicit); unknown ids 400 `InvalidRequest`. A cycle is 409 `CircularGroupMembers`.
         *     All or nothing. Answers 204.
         */
        put: operations["setGroupGroups"];
        /**
         * Add group members to a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_AddGroupGroupMembers`. As `setGroupGroups`, keeping the other
         *     members. Answers 204.
         */
        post: operations["addGroupGroups"];
        /**
         * Remove every group member of a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteAllGroupGroupMembers`. Needs the group's `updateMembers`
         *     action (403). Answers 204.
         */
        delete: operations["deleteGroupGroups"];
        options?: never;
        head?: never;
        /**
         * Add groups to a group as members and remove others
         * @description Spec 03 §7 "PATCH groupMembersHref" (`{add, remove}` of group hrefs). Needs the group's `updateMembers` action
         *     (403). A group that would become its own member, directly or through other groups, is 409
         *     `CircularGroupMembers` (spec 03 §8, "depending on which call failed"); built-in groups and unknown hrefs
         *     400 `InvalidRequest`. All or nothing. Answers 204.
         */
        patch: operations["updateGroupGroups"];
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/member-of": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The groups a group is a direct member of (the group's `memberOfHref`)
         * @description `memberof`: `{groups: [{href, name}]}`, by name. `application/json` answers FotoWare's Beta array of
         *     `BetaGroup`. Needs `manageUsers` (404).
         */
        get: operations["getGroupMemberOf"];
        /**
         * Set the groups a group is a direct member of (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_SetGroupMemberships`. The group leaves every other group. Needs
         *     the group's `updateMemberships` action (403: built-in groups). A cycle is 409 `CircularMemberOf`; built-in
         *     groups and unknown ids 400 `InvalidRequest`. All or nothing, under the group-graph lock. Answers 204.
         */
        put: operations["setGroupMemberOf"];
        /**
         * Add a group to groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_AddGroupMemberships`. As `setGroupMemberOf`, keeping the other
         *     memberships. Answers 204.
         */
        post: operations["addGroupMemberOf"];
        /**
         * Remove a group from every group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteAllGroupMemberships`. Needs the group's `updateMemberships`
         *     action (403). Answers 204.
         */
        delete: operations["deleteGroupMemberOf"];
        options?: never;
        head?: never;
        /**
         * Add a group to groups and remove it from others
         * @description Spec 03 §7 "PATCH memberOfHref" (`{add, remove}` of group hrefs). Needs the group's `updateMemberships` action
         *     (403). A cycle is 409 `CircularMemberOf`; built-in groups and unknown hrefs 400 `InvalidRequest`. All or
         *     nothing. Answers 204.
         */
        patch: operations["updateGroupMemberOf"];
        trace?: never;
    };
    "/fotoweb/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_GetAllUsers`. Every live person, ordered by id, as FotoWare's Beta
         *     `User` (the guest user only with guest access on; API clients' users never). Needs `manageUsers` (403).
         */
        get: operations["listBetaUsers"];
        put?: never;
        /**
         * Create a user from a Beta user (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_CreateNewUser`. As `createUser` (the same rules, defaults and seat
         *     check), from FotoWare's Beta `User` (read-only fields are ignored). Without `account.password` the user has no
         *     password (`hasPassword` false) until one is set. Needs `manageUsers` (403); a weak password 400 `WeakPassword`;
         *     a taken username 409 `UserExists`; no free seat 409 `out_of_licenses`. Answers 200 with the new Beta user, as
         *     FotoWare does.
         */
        post: operations["createBetaUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many users (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_CountAllUsers`. The live people `listBetaUsers` answers, optionally
         *     only those of one license level or mode. Magpie has no SSO users: `isSso=true` or an `ssoProvider` counts 0.
         *     Needs `manageUsers` (403).
         */
        get: operations["countUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a user's password (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_DeleteUserPassword`. The user can no longer sign in with a password,
         *     and their sessions end. Needs the user's `updatePassword` action (403: your own password, the site owner's
         *     unless you are the owner, the guest). Answers 204.
         */
        delete: operations["deleteUserPassword"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's custom properties (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_GetUserPropertyBag`. The user's `propertyBag` as `{key, value}`
         *     pairs. Needs `manageUsers`, or being that user (404 otherwise).
         */
        get: operations["getUserProperties"];
        put?: never;
        post?: never;
        /**
         * Remove every custom property of a user (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_DeleteAllUserProperties`. Needs the user's `update` action (403).
         *     Answers 204.
         */
        delete: operations["deleteUserProperties"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/properties/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one custom property of a user (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_DeleteUserProperties`. Removes the properties with this key (none:
         *     nothing changes). Needs the user's `update` action (403). Answers 204.
         */
        delete: operations["deleteUserProperty"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/member-of/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many groups a user is a direct member of (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_CountUserDirectMemberships`. As many as `getUserMemberOf` lists
         *     (Everyone and Registered Users included). Needs `manageUsers`, or being that user (404).
         */
        get: operations["countUserMemberOf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/member-of/{group}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a user from one group (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_DeleteUserMembership`. Not a member: nothing changes. A built-in
         *     group is 400 `InvalidRequest` (its members are implicit); no such group 404. Needs the user's
         *     `updateMemberships` action (403). Answers 204.
         */
        delete: operations["deleteUserMembership"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/member-of-recursive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every group a user is in, directly or through groups (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_GetRecursiveUserMemberships`. The groups whose permissions and
         *     archive access the user holds: direct memberships, Everyone and Registered Users, and every group those are
         *     members of, to any depth (one recursive query), ordered by id. Needs `manageUsers`, or being that user (404).
         */
        get: operations["listUserMemberOfRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/member-of-recursive/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many groups a user is in, directly or through groups (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_CountRecursiveUserMemberships`. As many as
         *     `listUserMemberOfRecursive` lists. Needs `manageUsers`, or being that user (404).
         */
        get: operations["countUserMemberOfRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/users/{id}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Enable or disable a user (FotoWare Beta)
         * @description FotoWare API "User Management (Beta)" `User_SetUserEnabled`. As `updateUser` with `account.isEnabled`: the
         *     `updateAccountStatus` action (403; nobody disables themselves, the site owner is 403 `SiteOwnerProtected`);
         *     enabling needs a free seat (409 `out_of_licenses`); disabling ends the user's sessions. Answers 204.
         */
        put: operations["setUserEnabled"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_GetAllGroups`. Every group, ordered by id, as FotoWare's Beta
         *     `Group` (the guest group only with guest access on). Needs `manageUsers` (403).
         */
        get: operations["listBetaGroups"];
        put?: never;
        /**
         * Create a group from a Beta group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CreateNewGroup`. As `createGroup`, from FotoWare's Beta `Group`
         *     (the permissions as booleans; read-only fields and `externalIds` are ignored). Needs `manageUsers` (403); a
         *     taken name 409 `GroupExists`. Answers 200 with the new Beta group, as FotoWare does.
         */
        post: operations["createBetaGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CountAllGroups`. The groups `listBetaGroups` answers. Magpie has
         *     no SSO groups: `isSso=true` or an `ssoProvider` counts 0. Needs `manageUsers` (403).
         */
        get: operations["countGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group's custom properties (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_GetGroupPropertyBag`. The group's `propertyBag` as `{key, value}`
         *     pairs. Needs `manageUsers` (404).
         */
        get: operations["getGroupProperties"];
        put?: never;
        post?: never;
        /**
         * Remove every custom property of a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteAllGroupProperties`. Needs the group's `update` action
         *     (403). Answers 204.
         */
        delete: operations["deleteGroupProperties"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/properties/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one custom property of a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteGroupProperties`. Removes the properties with this key
         *     (none: nothing changes). Needs the group's `update` action (403). Answers 204.
         */
        delete: operations["deleteGroupProperty"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/member-of/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many groups a group is a direct member of (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CountDirectGroupMemberships`. As many as `getGroupMemberOf` lists.
         *     Needs `manageUsers` (404).
         */
        get: operations["countGroupMemberOf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/member-of/{group}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a group from one group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteGroupMembership`. Not a member: nothing changes; no such
         *     group 404. Needs the group's `updateMemberships` action (403). Answers 204.
         */
        delete: operations["deleteGroupMembership"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/member-of-recursive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every group a group is in, directly or through groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_GetRecursiveGroupMemberships`. Every group above this one, to any
         *     depth (one recursive query), ordered by id. Needs `manageUsers` (404).
         */
        get: operations["listGroupMemberOfRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/member-of-recursive/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many groups a group is in, directly or through groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CountRecursiveUserMemberships`. As many as
         *     `listGroupMemberOfRecursive` lists. Needs `manageUsers` (404).
         */
        get: operations["countGroupMemberOfRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/users/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many direct user members a group has (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CountGroupDirectUserMembers`. As many as `listGroupUsers` counts
         *     (the built-in groups: 0, their members being implicit). Needs `manageUsers` (404).
         */
        get: operations["countGroupUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/users-recursive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user member of a group, directly or through nested groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_GetGroupRecursiveUserMembers`. The users that are members of this
         *     group or of any group nested in it, to any depth (one recursive query), each once, ordered by id: people only,
         *     as `listGroupUsers`. Built-in groups: none (their members are implicit). Needs `manageUsers` (404).
         */
        get: operations["listGroupUsersRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/users-recursive/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many user members a group has, directly or through nested groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CountGroupRecursiveUserMembers`. As many as
         *     `listGroupUsersRecursive` lists. Needs `manageUsers` (404).
         */
        get: operations["countGroupUsersRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/users/{member}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one user member from a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteGroupUserMember`. Not a member: nothing changes; no such
         *     user 404. Needs the group's `updateMembers` action (403) and the user's `updateMemberships`. Answers 204.
         */
        delete: operations["deleteGroupUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/groups/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many direct group members a group has (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CountGroupDirectGroupMembers`. As many as `listGroupGroups` counts
         *     (the built-in groups: 0, their members being implicit). Needs `manageUsers` (404).
         */
        get: operations["countGroupGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/groups-recursive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every group member of a group, directly or through nested groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_GetGroupRecursiveGroupembers`. The groups that are members of this
         *     group or of any group nested in it, to any depth (one recursive query), each once, ordered by id: people only,
         *     as `listGroupUsers`. Built-in groups: none (their members are implicit). Needs `manageUsers` (404).
         */
        get: operations["listGroupGroupsRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/groups-recursive/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many group members a group has, directly or through nested groups (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_CountGroupRecursiveGroupMembers`. As many as
         *     `listGroupGroupsRecursive` lists. Needs `manageUsers` (404).
         */
        get: operations["countGroupGroupsRecursive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/groups/{member}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one group member from a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteGroupGroupMember`. Not a member: nothing changes; no such
         *     group 404. Needs the group's `updateMembers` action (403). Answers 204.
         */
        delete: operations["deleteGroupGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/groups/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace every direct member of a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_SetGroupMembers`. The body's `users` and `groups` become the
         *     group's only members (an absent list is an empty one), with the rules of `setGroupUsers` and `setGroupGroups`
         *     (409 `CircularGroupMembers`), in one transaction. Answers 204.
         */
        put: operations["setGroupMembers"];
        /**
         * Add users and groups to a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_AddGroupMembers`. As `setGroupMembers`, keeping the other members.
         *     Answers 204.
         */
        post: operations["addGroupMembers"];
        /**
         * Remove every direct member of a group (FotoWare Beta)
         * @description FotoWare API "Group Management (Beta)" `Group_DeleteAllGroupMembers`. Users and groups alike, with the rules of
         *     `deleteGroupUsers` and `deleteGroupGroups`, in one transaction. Answers 204.
         */
        delete: operations["deleteGroupMembers"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The permissions overview
         * @description Spec 03 §3.4, §7: the group permissions this server offers (`GROUP_PERMISSIONS`), the user license levels
         *     (`USER_LICENSE_LEVELS`, "None" = 0 first) and modes (`LICENSE_MODES`), the group license levels (without
         *     None) and modes, and the configuration sections. Needs `manageUsers` or `manageSettings` (403 `Forbidden`
         *     with neither). Plain JSON only.
         */
        get: operations["getConfigOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change one's own password (Magpie)
         * @description Magpie (spec 03 §2.9 "Change password", §2.11 forced change). The current password must be right (403
         *     `WrongPassword`); the new one must meet `PASSWORD_RULES` (400 `WeakPassword`, the message says why). More
         *     than 5 wrong current passwords in 15 minutes answer 429 `TooManyRequests` with `Retry-After`. On success the
         *     user's other sessions end and `forcePasswordChange` is cleared. Allowed while a password change is forced
         *     (no `PasswordChangeRequired`). Answers 204.
         */
        post: operations["changeOwnPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/password-resets/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link (Magpie)
         * @description Magpie ("Forgot password?" on the login view; issue 14 "Password reset"). Body `{email}`. Every account that
         *     may reset its password by that address (case-insensitively) is mailed a single-use link to the web app's reset
         *     page (`/fotoweb/views/reset-password?token=…`), valid `MAGPIE_PASSWORD_RESET_TTL` seconds (default 3600): a
         *     person, enabled, neither expired nor deleted, with a password of Magpie's. The guest user, an API client's user
         *     and a user without a password (who signs in elsewhere) get nothing.
         *
         *     The answer never tells whether such an account exists: 202 with the same body for every well-formed address,
         *     sent before the address is looked up, so the status, the body and the time are the same. A malformed address is
         *     400 `InvalidRequest`. Rate-limited before anything else: 3 requests per address per 15 minutes, and
         *     `MAGPIE_TOKEN_RATE_LIMIT` per client address per minute (the browser's, as the BFF reports it in
         *     `X-Forwarded-For`; the BFF has its own limit per client address, `MAGPIE_PASSWORD_RESET_RATE_LIMIT`); then 429
         *     `TooManyRequests` with `Retry-After`, whether or not the address is known. The public descriptor's `services.password_reset` is this URL.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/password-resets/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The token of a password reset link (the `token` of the reset page's address in the mail). Any text up to 200
                 *     characters is looked up: one that names no link answers 404 `PasswordResetNotFound`, never 400.
                 */
                token: components["parameters"]["PasswordResetToken"];
            };
            cookie?: never;
        };
        /**
         * Check a password reset link (Magpie)
         * @description Whether a reset link can still set a password, so that the reset page says so before anyone types: 200
         *     `{valid: true, expires, userName}`. A token that names no link (mistyped, cut short or tampered with), or a
         *     link whose user may no longer reset a password (disabled, deleted, expired since), answers 404
         *     `PasswordResetNotFound`; a link already used (or made void by another reset of the same user) 410
         *     `PasswordResetUsed`; an expired one 410 `PasswordResetExpired`. Never cached.
         */
        get: operations["getPasswordReset"];
        put?: never;
        /**
         * Set a new password with a reset link (Magpie)
         * @description Body `{password}`: the new password, which must meet `PASSWORD_RULES` (400 `WeakPassword`, the message says
         *     which rule; the link stays usable). The link's own errors come first and are `getPasswordReset`'s: 404
         *     `PasswordResetNotFound`, 410 `PasswordResetUsed` or `PasswordResetExpired`. On success (204) the link is used
         *     up, and so is every other reset link of the user; `forcePasswordChange` is cleared; every session of the user
         *     ends (its access and refresh tokens are revoked: at once in this DAM process, within 5 s in the others).
         */
        post: operations["completePasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The registered API clients (Magpie)
         * @description Spec 03 §3.12 "Applications are keyed by clientId". The integrations' OAuth clients
         *     (`client_credentials`), each acting as a user or a group, by name. Secrets are never listed. Magpie's own
         *     clients (the BFF's and the command line's) are not listed. Needs `manageSettings` (403).
         */
        get: operations["listApplications"];
        put?: never;
        /**
         * Register an API client (Magpie)
         * @description Creates a `client_credentials` client acting as `actingAs` (a user's or a group's href). Needs
         *     `manageSettings` (403); the principal acted as may not hold more group permissions than the caller (403
         *     `Forbidden`); an unknown href is 400 `InvalidRequest`. Answers 201 with `Location` and the client including
         *     `clientSecret`, which is shown this once and stored only as a hash.
         */
        post: operations["createApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/applications/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API client (Magpie)
         * @description Deletes the client and revokes its tokens; they stop working at once in this process (other DAM processes
         *     within the auth cache's 5 s). Needs `manageSettings` (403). Magpie's own clients are 404. Answers 204.
         */
        delete: operations["deleteApplication"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The legacy API keys (Magpie)
         * @description FotoWeb's legacy server-to-server authentication (fotoweb-api-notes §10 "Legacy API key"): a request with the
         *     header `FWAPIToken: <key>` acts as the key's user, with that user's permissions, while the key is live and the
         *     user may sign in and holds the `api` group permission. Lists the live keys, newest first, with who created
         *     them, when, the user each acts as and when each was last used (within a minute). Keys are never listed. Needs
         *     `manageSettings` (403), as API clients do. Never cached.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create a legacy API key (Magpie)
         * @description Creates a key named `name` acting as the user `actingAs` (a user's href). Needs `manageSettings` (403); anyone
         *     but the site owner may choose only themselves, and never a user holding a group permission the caller lacks
         *     (403 `Forbidden`, as for API clients); a href of no enabled person is 400 `InvalidRequest`. Answers 201 with
         *     `Location` and the key including `key`, which is shown this once and stored only as a SHA-256 hash.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a legacy API key (Magpie)
         * @description Revokes the key: requests with it answer 401 at once in this process (other DAM processes within the auth
         *     cache's 5 s). Needs `manageSettings` (403); an unknown or revoked key is 404. Answers 204.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The registered webhooks (Magpie)
         * @description Spec 03 §2.1 "Webhooks". The URLs told when an asset is ingested (uploaded or copied into an archive), modified
         *     (metadata edited, file replaced, rolled back, renamed or moved) or deleted (moved to the trash), each with its
         *     last delivery. Secrets are never listed. Needs `manageWebhooks` (403). Never cached.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook (Magpie)
         * @description Registers `url` (http or https only; anything else is 400 `InvalidRequest`) for `events`. Each event makes one
         *     delivery per matching enabled webhook, queued with the change: a background job POSTs FotoWeb's webhook payload
         *     (`WebhookPayload`, `application/json`, `User-Agent: Magpie-Webhooks/1`) with `X-Magpie-Timestamp` (seconds since
         *     the epoch) and `X-Magpie-Signature: sha256=<hex>`, the HMAC-SHA256 with the webhook's secret of
         *     `<timestamp>.<body>`. A 2xx answer within 10 s delivers it; anything else is retried after 30 s, 2 min, 10 min,
         *     1 h and 6 h (`MAGPIE_WEBHOOK_RETRY_MS`), then given up. Needs `manageWebhooks` (403). Answers 201 with
         *     `Location` and the webhook including `secret`, shown this once.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook (Magpie)
         * @description Deletes the webhook with its deliveries; deliveries not yet made are not made. Needs `manageWebhooks` (403); an
         *     unknown webhook is 404. Answers 204.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook's recent deliveries (Magpie)
         * @description The webhook's 100 latest deliveries, newest first, each with every attempt made (when, the HTTP status or the
         *     error). Needs `manageWebhooks` (403); an unknown webhook is 404. Never cached.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again (Magpie)
         * @description Queues a new delivery of a delivered or failed one: the same event and the same asset as it was then, with a
         *     new `id`, signed and retried like any other. The original keeps its attempts. Needs `manageWebhooks` (403); an
         *     unknown webhook or delivery, or one of another webhook, is 404; a delivery still being tried (`pending`,
         *     `retrying`) is 409. Answers 202 with the new delivery.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The activity log (Magpie)
         * @description Who changed what, newest first, 50 a page (`paging.next` for older ones): uploads, metadata edits (the fields,
         *     with old and new values), renames, moves, copies, deletions, restores and purges, rollbacks, archive, user and
         *     group changes, sign-up and order decisions, the site owner's hand-over, logins (successful and failed), consent
         *     forms (created, changed, linked, unlinked, deleted) and settings changes (custom CSS, title-bar buttons, footer,
         *     consent, sign-up, order and activity settings; never their secrets, the CSS only by its length), as far as
         *     `getActivitySettings` lets it record. Each row keeps who did it and the target's name and href as they were then. `export` links the same filters as
         *     CSV and JSON lines. Rows older than the retention (`retentionDays`, `MAGPIE_ACTIVITY_RETENTION_DAYS`) are
         *     deleted. Needs `manageActivityExports` or `audit` (403). A bad filter is 400 `InvalidRequest`.
         */
        get: operations["listActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/activity/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the activity log records (Magpie)
         * @description The logging switch (issue 15, spec 03 §3.12 activity logging): whether the activity log records at all, and
         *     which categories of actions. Needs `manageActivityLogging` (403). Never cached.
         */
        get: operations["getActivitySettings"];
        /**
         * Change what the activity log records (Magpie)
         * @description Replaces the settings (every key required; 400 `InvalidRequest` for a missing, unknown or non-boolean one) and
         *     answers them as stored. The change itself is always recorded (`site.activitySettingsChanged`, with the
         *     settings before and after), even when it switches logging off. Needs `manageActivityLogging` (403).
         */
        put: operations["updateActivitySettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/activity/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The activity log as a file (Magpie)
         * @description Every event under the filters, newest first, streamed as a download (`Content-Disposition: attachment`):
         *     `format=csv` (the default; UTF-8, a header row, RFC 4180 quoting, CRLF line ends; columns id, time, user id,
         *     user name, user full name, action, target kind, target id, target name, target href, details as JSON) or
         *     `format=jsonl` (one `ActivityEntry` per line). Needs `manageActivityExports` or `audit` (403). A bad filter is
         *     400 `InvalidRequest`.
         */
        get: operations["exportActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The mail outbox (Magpie)
         * @description Every message Magpie queued (invitations, sign-ups, password resets, test messages), newest first, 50 a page
         *     (`paging.next` for older ones), with where its delivery stands: `queued` (waiting for its first attempt or a
         *     retry, `nextAttempt`), `sent`, `failed` (`lastError`: refused for good, or every attempt used) or `held` (no SMTP
         *     server is configured, so it stays here for an administrator to read). `delivery` says how mail leaves this
         *     server (never the SMTP server's credentials). Needs `manageSettings` (403): a message may hold a link that signs
         *     its recipient in. The descriptor's `mail_outbox` is this URL for callers who may read it, null otherwise.
         */
        get: operations["listMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/mail/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message to yourself (Magpie)
         * @description Queues a short message to the caller's own e-mail address, to check the mail settings: with `SMTP_URL` it is
         *     delivered in the background (and retried with back-off while the SMTP server refuses or is down), without it it
         *     is held in the outbox. No body. Answers 202 with the message and `Location`. Needs `manageSettings` (403); a
         *     caller whose user has no valid e-mail address gets 400 `InvalidRequest`.
         */
        post: operations["sendTestMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/mail/{mailId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One message of the outbox (Magpie)
         * @description A message with its plain-text and HTML parts and its delivery. The parts of a message marked sensitive (one
         *     whose link signs its recipient in) are erased once it is sent: `erased` is then set and `text` is empty. Needs
         *     `manageSettings` (403); an unknown id is 404.
         */
        get: operations["getMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/invitations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The active invitations (the descriptor's `invitations`; spec 03 §2.2, §3.6)
         * @description Spec 03 §3.6, §7 "Invitations" (Magpie's shapes: FotoWeb publishes none). The invitations that still admit
         *     someone, newest first, 100 a page (`paging.next` for older ones): revoked, used-up (a `users` invitation
         *     once signed up with) and expired ones leave the list (spec 03 §4 "On success the row is removed"). Each names
         *     its type (`email` set: users; `organization` set: organization; neither: link), its sign-up link to copy,
         *     where to revoke it, its groups and who joined through it. Needs `inviteUsers` (403). Plain JSON, never
         *     cached (a sign-up link admits whoever holds it).
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite people (spec 01 §2 invitation wizard, §3 "Invitation (create)", §7)
         * @description The body of spec 01 §3 `{groups, emails, organizationDomain, link, message, description}` (and Magpie's
         *     `approveAutomatically`). Its type follows from what it names:
         *
         *     - `emails` (users type): one invitation and one e-mail per address, each with its own sign-up link
         *       (`totalInvitationsCreated` = the number of addresses, `invitationLink` null);
         *     - `organizationDomain` (organization type): one invitation whose link admits anyone with an address at exactly
         *       that domain (`invitationLink` is the link to hand out);
         *     - `link: true` (link type): one invitation whose link admits anyone who has it.
         *
         *     Giving more than one of these, or none, is 400. `groups` are group hrefs the new users join when they are
         *     approved (Everyone and Registered Users are implicit: naming them changes nothing); a caller without
         *     `manageUsers` may grant only groups they are a member of (`listGrantableGroups` lists them). `message` goes
         *     into the invitation e-mails; `description` is the administrators' note shown in the list. Sign-ups through
         *     an invitation with `approveAutomatically` become users at once (when a license seat is free; otherwise they
         *     wait for approval as any other).
         *
         *     An invitation admits sign-ups for `MAGPIE_INVITATION_TTL_DAYS` days (30 by default; 0: until revoked). Only a
         *     SHA-256 hash of its link's token is stored.
         *
         *     400 `InvalidRequest` (spec 01 §8 "data validation failed") with one issue per problem, and nothing created: a
         *     malformed address (`emails.<i>`), an address given twice (case-insensitively) or one that already belongs to
         *     a user, more addresses than `MAGPIE_MAX_INVITATION_EMAILS` (100 by default), a domain that is not
         *     `host.tld` (optional subdomains), a group href that names no group (`groups.<i>`), a group given twice, the
         *     guest group, or a group the caller may not grant. Every invitation and every e-mail is stored in one
         *     transaction (the mails are queued as background jobs with it): one bad address creates nothing. Needs
         *     `inviteUsers` (403). Answers 201.
         */
        post: operations["createInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/invitations/{invitationId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation's id, from its `invitationAdminHref`. */
                invitationId: components["parameters"]["InvitationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an invitation (spec 03 §7 REVOKE on the invitation's admin link)
         * @description FotoWeb's `REVOKE <invitationAdminHref>` with an empty JSON body, as a `POST` on the invitation's `revoke`
         *     link (`<invitationAdminHref>revoke`): Node's HTTP parser refuses custom methods. The body is optional and, when
         *     sent, an empty object. From now on the link admits nobody (`getSignupForm` and `submitSignup` answer 410
         *     `InvitationRevoked`) and the invitation leaves the list; sign-ups already made through it stay pending.
         *     Answers 204. An invitation that does not exist, or is no longer active (revoked, used up, expired), is 404
         *     (spec 03 §8 "invite not found"). Needs `inviteUsers` (403).
         */
        post: operations["revokeInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/groups/grantable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The groups the caller may give new people (spec 01 §5 group search; spec 03 §7 "GET groups with ?q=")
         * @description The group search of the invitation wizard and the approve-user modal (the descriptor's `groups_grantable`,
         *     an RFC 6570 template with `{?q}`): up to 25 groups whose name contains `q` (case-insensitively; every one
         *     without it), by name, as `{href, name}` only. Holders of `manageUsers` (and the site owner) may grant every
         *     group; anyone else only the groups they are a member of (directly or through nested groups). The built-in
         *     groups are never listed: Everyone and Registered Users are implicit (the wizard shows them as fixed
         *     defaults, spec 01 §5), and guests are not people. Needs `inviteUsers`, `approvePendingSignups` or
         *     `manageUsers` (403). The web client sends it only for non-empty text, 500 ms after typing (spec 01 §5, §9).
         */
        get: operations["listGrantableGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/signup/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sign-up form of an invitation link, or of open sign-up (public)
         * @description What the public sign-up page (`/fotoweb/views/signup?invitation=<token>`, the link of an invitation) shows, to
         *     anyone, with or without a session: the invitation's type, the invited address of a `users` invitation (the
         *     form presets it; the sign-up must use it), the domain of an `organization` invitation (the address must be at
         *     it), the site's extra fields (spec 03 §3.7) and the password rules. Without `invitation` it is the form of open
         *     sign-up, which the site allows only when `openSignup` is on (`updateSignupSettings`): otherwise 403
         *     `SignupClosed` (the login view asks this to decide whether to offer "Sign up").
         *
         *     An unknown token is 404 `InvitationNotFound`; a revoked one 410 `InvitationRevoked`, a used-up one (a `users`
         *     invitation already signed up with) 410 `InvitationUsed`, an expired one 410 `InvitationExpired`. Failed look-ups
         *     count against `MAGPIE_SIGNUP_RATE_LIMIT` per client address (429 with `Retry-After` beyond it).
         */
        get: operations["getSignupForm"];
        put?: never;
        /**
         * Sign up (public; spec 01 §3 "Sign-up")
         * @description A person asks for an account: `{invitation?, email, firstName, lastName, password, userData}`. Through a `users`
         *     invitation the address must be the invited one; through an `organization` invitation it must be at its domain
         *     (400 with an issue on `email` otherwise); through a `link` invitation, or without one when open sign-up is on
         *     (otherwise 403 `SignupClosed`), any address. The password must meet `PASSWORD_RULES` (400 `WeakPassword`, the
         *     e-mail address being the user name). `userData` answers the site's extra fields (spec 03 §3.7, §5 "Sign-up
         *     details"): every required one, each value its type's (a dropdown one of its `values`, a checkbox `true` or
         *     `false`) and matching its `validation.regex` (the issue's message is its `helpText`); unknown or repeated ids
         *     are refused. Every problem is an issue of one 400 `InvalidRequest`.
         *
         *     An address that already belongs to a user (as user name or e-mail) or to a pending sign-up is 409
         *     `SignupExists`. The invitation's token as for `getSignupForm` (404, 410). A `users` invitation is used up by
         *     this sign-up; `organization` and `link` invitations admit many. Answers 201 `{status: "pending"}`: the sign-up
         *     waits for an administrator (`listSignups`); or `{status: "approved"}` when the invitation approves
         *     automatically and a license seat was free: the account exists and the person may log in with the e-mail
         *     address and the password. The password is kept only as a scrypt hash. Every call counts against
         *     `MAGPIE_SIGNUP_RATE_LIMIT` per client address (429 with `Retry-After` beyond it).
         */
        post: operations["submitSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/signups/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pending sign-ups (the descriptor's `signups`; spec 03 §2.10, §3.7, §7 "Sign-ups")
         * @description Every sign-up waiting for approval, oldest first, with the site's extra fields (to label and edit `userData`)
         *     and whether approvers choose the new user's groups (`adminCanAssignGroups`, spec 03 §2.10, §6). Each sign-up's
         *     `groups` are those its invitation grants. Approved and rejected sign-ups leave the list (spec 03 §4). Needs
         *     `approvePendingSignups` (403). Never cached.
         */
        get: operations["listSignups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/signups/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many sign-ups wait (the descriptor's `signups_count`; spec 03 §2.1 badge, §7 "pending-users count link")
         * @description `{signupCount}`: the number of pending sign-ups, for the settings menu's badge (shown above 0). Needs
         *     `approvePendingSignups` (403). Never cached.
         */
        get: operations["countSignups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/signups/{signupId}/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A sign-up's id (a UUID, spec 03 §7 `{signup href}/{guid}`), from its `href`. */
                signupId: components["parameters"]["SignupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct a pending sign-up (spec 03 §2.10 details modal, §7 PATCH)
         * @description `{firstName?, lastName?, userData?}`: only what is given changes; `userData` replaces the whole list and must
         *     satisfy the extra fields as `submitSignup` checks them (spec 03 §5 "Sign-up details"; 400 `InvalidRequest`
         *     "field validation failed" with one issue per problem). Answers the sign-up. A sign-up that does not exist or
         *     is no longer pending is 404 (spec 03 §8). Needs `approvePendingSignups` (403).
         */
        patch: operations["updateSignup"];
        trace?: never;
    };
    "/fotoweb/signups/{signupId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A sign-up's id (a UUID, spec 03 §7 `{signup href}/{guid}`), from its `href`. */
                signupId: components["parameters"]["SignupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a sign-up (spec 01 §2 approve-user modal; spec 03 §7 APPROVE)
         * @description FotoWeb's `APPROVE <signup href>` with `{groups}`, as a `POST` on the sign-up's `approve` link. The sign-up
         *     becomes a user: user name and e-mail the sign-up's address, its names and password, license level 35 (Standard)
         *     mode 0 (`NEW_USER_DEFAULTS`), enabled, the extra fields' answers as custom properties (`propertyBag`, key =
         *     field id), and member of its groups. With `adminCanAssignGroups` on, `groups` (group hrefs; absent: the
         *     sign-up's own) are the groups the user joins; the sign-up's groups may be kept, and any other group must be
         *     one the approver may grant (as for `listGrantableGroups`). With it off the user joins the sign-up's groups,
         *     and `groups`, when given, must name exactly those.
         *
         *     400 `InvalidRequest` (spec 03 §8 "group validation failed") with an issue per group: not a group href, no such
         *     group, a group given twice, the guest group, or one the approver may not grant. 404 for a sign-up that does not
         *     exist or is no longer pending. 409 `out_of_licenses` (its message contains the literal, spec 03 §8) when every
         *     seat of the Standard license is taken (`MAGPIE_LICENSE_SEATS`); 409 `UserExists` when a user with that address
         *     was made meanwhile. The applicant gets an e-mail with the login link (queued in the same transaction). Answers
         *     201 with `Location` and the new user's `href`. Needs `approvePendingSignups` (403).
         */
        post: operations["approveSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/signups/{signupId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A sign-up's id (a UUID, spec 03 §7 `{signup href}/{guid}`), from its `href`. */
                signupId: components["parameters"]["SignupId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a sign-up (spec 03 §7 REJECT)
         * @description FotoWeb's `REJECT <signup href>`, as a `POST` on the sign-up's `reject` link; the body is optional and, when
         *     sent, an empty object. The sign-up leaves the list, its password hash is erased, and the applicant gets an
         *     e-mail saying so. Answers 204. 404 for a sign-up that does not exist or is no longer pending. Needs
         *     `approvePendingSignups` (403).
         */
        post: operations["rejectSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/signups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sign-up settings (Magpie; the descriptor's `signup_settings`)
         * @description Whether people may sign up without an invitation (`openSignup`, off by default), whether approvers choose the
         *     new user's groups (`adminCanAssignGroups`, on by default), and the extra fields of the sign-up form (spec 03
         *     §3.7; none by default). Needs `manageSettings` or `approvePendingSignups` (403).
         */
        get: operations["getSignupSettings"];
        /**
         * Replace the sign-up settings (Magpie)
         * @description The whole settings (see `getSignupSettings`). At most 20 fields, ids unique (`^[A-Za-z][A-Za-z0-9_-]{0,63}$`),
         *     a dropdown field with 1–50 distinct `values` (other types none), a `validation.regex` that is a valid
         *     JavaScript regular expression (`u` flag) of at most 200 characters; every problem is an issue of one 400
         *     `InvalidRequest`. Answers the settings as stored. Needs `manageSettings` (403): the settings decide who may ask
         *     for an account.
         */
        put: operations["updateSignupSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public entry point (API descriptor for guests)
         * @description FotoWeb's public entry point (`api-descriptor`, fotoweb-api-notes §1): what a visitor who has not signed in
         *     may use. Answered without a token while guest access is on (`MAGPIE_GUEST_ACCESS`, on by default); with
         *     guest access off it answers 401. `archives` lists the archives whose access list grants View to Everyone,
         *     Guests or the guest user; `services.login` is where people sign in; `views.signup` is the open sign-up page
         *     while open sign-up is on. Guests get no pins, cart, alerts, uploads or albums (spec 02 §6): those keys are
         *     null. `appearance.customCss` and `customizations.customTitleBarButtons` are the site's branding, the same as
         *     signed-in callers get (issue 15), so the login view and the guests' pages show it. A request with a token is
         *     answered the same way.
         */
        get: operations["getPublicApiDescriptor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/archives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every archive with its configuration and access list
         * @description Spec 03 §3.8, §3.12 (archives keyed by Id, ordered by `SortId`, then name). Needs `manageArchives` (403).
         *     Plain JSON (FotoWare's configuration API has no vendor types).
         */
        get: operations["listArchiveConfigs"];
        put?: never;
        /**
         * Add an archive
         * @description Spec 03 §7 "POST /fotoweb/api/config/archives". The body is checked as a whole and every problem is answered
         *     together (spec 03 §5 "All problems are collected"): 400 whose `value` is the first problem's and whose
         *     `issues` name each one with its own `value`: `name_required`, `name_exists` (case-insensitive),
         *     `metadata_invalid` (no such metadata view), `path_invalid` (no pool, an unknown pool, or any file-system
         *     path: Magpie allows no external path), `processing_profile_invalid`,
         *     `processing_profile_set_invalid`, `too_many_archives` (over `MAGPIE_MAX_ARCHIVES`), `member_invalid` (no
         *     such user or group), `member_duplicate`, `permission_invalid` (not an id of spec 03 §3.11),
         *     `permission_dependency` (spec 03 §4: HistoryRollback and HistoryManage need HistoryView; ManageConsentStatus
         *     needs ViewConsentDetails and ViewConsentSummary; ViewConsentDetails needs ViewConsentSummary),
         *     `InvalidSearchExpression` (an `AutoSearch` that does not parse), `setting_invalid` (a watermark, rendition
         *     set or crop profile set this server does not have). Custom properties with an empty key or value are
         *     dropped; the member with Id 10000 is stored last. Needs `manageArchives` (403). Answers 201 with
         *     `Location` and the archive.
         */
        post: operations["createArchiveConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/archives/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One archive's configuration and access list
         * @description Needs `manageArchives` (403); an unknown id is 404.
         */
        get: operations["getArchiveConfig"];
        /**
         * Change an archive
         * @description Spec 03 §7 "PUT /fotoweb/api/config/archives/{id}": the whole archive, checked as `createArchiveConfig`
         *     checks it (an unchanged name is never a duplicate). The access list replaces the old one in the order given
         *     (Id 10000 last); a member taken off loses access on their next request, on every DAM process. Needs
         *     `manageArchives` (403); an unknown id is 404. Answers 200 with the archive.
         */
        put: operations["updateArchiveConfig"];
        post?: never;
        /**
         * Delete an archive
         * @description Deletes an empty archive. While it holds assets the answer is 409 `archive_not_empty`, unless
         *     `moveAssetsTo` names another archive: its assets (with their folders, metadata, revisions and previews)
         *     then move there first, in one transaction; a file name already taken in the same folder there answers 409
         *     `move_conflict` naming it, and nothing moves. Needs `manageArchives` (403); an unknown id is 404, a
         *     `moveAssetsTo` that is the archive itself or no archive 400. Answers 204.
         */
        delete: operations["deleteArchiveConfig"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/consentForms/ConsentFormSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consent form settings
         * @description Spec 03 §3.10 with the defaults of §9 (URL expiry 30 days, consent forms off, company logo on in the PDF and
         *     its banner) until an administrator saves them (issue 15), with the lists of categories, templates, languages
         *     and default fields (empty at first). Needs `configureConsentForms` or `manageArchives` (403). Plain JSON.
         */
        get: operations["getConsentFormSettings"];
        /**
         * Change the consent form settings (Magpie)
         * @description The whole settings (spec 03 §3.10). With `enableConsentForms` on, the descriptor offers consent
         *     (`apiFeatureLevels.consentFormsApiFeatureLevel` 40, `views.manageConsentForms`). Needs `configureConsentForms`
         *     (403); 400 for a value out of range (`defaultUrlExpiryDays` 1 to 3650, an e-mail address that is not one) or a
         *     list that breaks its rules (more than 100 items, an id or a language code given twice, two default languages,
         *     a template naming an unknown language or category, a text too long), the issue's path naming the item
         *     (`templates.2.language`).
         */
        put: operations["updateConsentFormSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/consent/forms/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of consent forms, to link one to an asset (Magpie)
         * @description The consent forms the caller may see, newest first, 25 a page (issue 15): those covering at least one asset the
         *     caller may view with `ViewConsentDetails` on its archive, and those that cover no asset (unlinked from every
         *     asset; docs/decisions.md "Consent"). `q` finds forms whose person's name, e-mail or category contains the text
         *     (case-insensitive). Each form's `assets` and `linkedAssets` name only the assets the caller may see, and
         *     `canManage` whether they may change it. Needs `ManageConsentStatus` on at least one archive (403 `Forbidden`).
         */
        get: operations["listConsentForms"];
        put?: never;
        /**
         * Record a consent form (Magpie)
         * @description A consent form (issue 15): a person's answer on the use of the assets they appear in, linked to one or more
         *     assets by href. Needs `ManageConsentStatus` on the archive of every asset (404 without View, 403 without
         *     the permission); 400 for a bad body or an href that is no asset.
         */
        post: operations["createConsentForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/consent/forms/{formId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The form's id, from its `href`. */
                formId: number;
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Change a consent form (Magpie)
         * @description The form's fields (its linked assets stay). Needs `ManageConsentStatus` on the archives of all its assets
         *     (403, also when one of them is an asset the caller may not view); a form on none of the caller's viewable
         *     assets is 404. A form that covers no asset may be changed by anyone holding `ManageConsentStatus` on an archive.
         */
        put: operations["updateConsentForm"];
        post?: never;
        /**
         * Delete a consent form (Magpie)
         * @description Deletes the form and its links to every asset; the assets stay. Permissions as `updateConsentForm`: a form
         *     linked to an asset whose archive the caller may not manage (or that they may not view) is refused with 403 and
         *     kept. With `assets`, the asset ids the caller was shown (and confirmed), the form is deleted only while it
         *     covers exactly those assets; otherwise 409 `ConsentFormChanged` and nothing is deleted.
         */
        delete: operations["deleteConsentForm"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/consent/forms/{formId}/assets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                formId: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a consent form to one more asset (Magpie)
         * @description Links an existing form to one more asset. Needs `ManageConsentStatus` on the form's archives (as
         *     `updateConsentForm`) and on the new asset's (404 for an asset the caller may not view); linking twice
         *     changes nothing.
         */
        post: operations["linkConsentFormAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/consent/forms/{formId}/assets/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                formId: number;
                /** @description The asset's `uniqueid`. */
                assetId: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlink a consent form from an asset (Magpie)
         * @description Needs `ManageConsentStatus` on the form's archives (as `updateConsentForm`). The form is never deleted: unlinked
         *     from its last asset, it covers none and may be linked again (`listConsentForms` lists it); 404 when the form
         *     does not cover the asset.
         */
        delete: operations["unlinkConsentFormAsset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/consent/assets/{assetId}/forms/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's `uniqueid`. */
                assetId: number;
            };
            cookie?: never;
        };
        /**
         * The consent forms of an asset, with their details (Magpie)
         * @description Needs `ViewConsentDetails` on the asset's archive (404 without View, 403 without the permission). Each form
         *     names the caller's `ManageConsentStatus` as `canManage`.
         */
        get: operations["listAssetConsentForms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/metadata/fields/{filter}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The metadata fields this server knows, filtered
         * @description The field catalogue (spec 03 §7 `fields/all`; spec 02 §7 metadata field pickers): every field a metadata view
         *     may hold, with its XMP name. `{filter}` is `all`, `known` (the fields with a standard IPTC/XMP name),
         *     `custom` (Magpie's own fields, kept in the database only), or text matched against the id, the name, the
         *     label and the XMP name (case-insensitive); a filter over 100 characters or with control characters answers
         *     400 `filter_failed`. Any signed-in user (the pickers of advanced search use it). Plain JSON.
         */
        get: operations["listMetadataFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/metadata/namespaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The XMP namespaces of the field catalogue
         * @description `{Url, Alias, Name}` of each namespace a known field lives in (fotoweb-api-notes, config API). Any signed-in user.
         */
        get: operations["listMetadataNamespaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/metadata/namespaces/{alias}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The fields of one namespace
         * @description The catalogue's fields in the namespace `{alias}` (404 for an unknown alias). Any signed-in user.
         */
        get: operations["listMetadataNamespaceFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/metadata/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The field groups
         * @description The groups the catalogue's fields are arranged in (Magpie: the regions of the default metadata view, such as
         *     Description, Rights and people, Location, Workflow). Any signed-in user.
         */
        get: operations["listMetadataGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/metadata/groups/{name}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The fields of one group
         * @description The fields of the group named `{name}` (case-insensitive; 404 for an unknown group). Any signed-in user.
         */
        get: operations["listMetadataGroupFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/archives-old": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The archives in FotoWeb's older short form
         * @description `{Id, Name, SortId}` of every archive, by `SortId` then name (spec 03 §7). Needs `manageArchives` (403).
         */
        get: operations["listArchivesOld"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The storage pools
         * @description Spec 03 §3.10 "Pools response". Magpie keeps every archive in one pool, `default` (its file store), and runs
         *     with file-system destinations off: `AllowExternalPath` and `AllowPoolManagement` are false. Needs
         *     `manageArchives` (403).
         */
        get: operations["listPools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/metadataviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The metadata views
         * @description Every metadata view with the archives that use it (spec 03 §3.12 "metadata views keyed by Id"); an archive's
         *     `MetadataSetId` names one. Needs `manageArchives` or `manageSettings` (403).
         */
        get: operations["listMetadataViewConfigs"];
        put?: never;
        /**
         * Create or copy a metadata view
         * @description A new view named `Name`: a copy of the view `CopyFrom` names (404 when there is none), or of the default view.
         *     Change its fields with `PUT` on its `href` (`replaceMetadataView`). Needs `manageArchives` or
         *     `manageSettings` (403). Answers 201 with `Location`.
         */
        post: operations["createMetadataViewConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/api/config/{setting}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Watermarks, quick rendition sets, crop profile sets, processing profiles and profile sets
         * @description The configuration lists the archive dialog's Export/Import tab chooses from (spec 03 §7): `watermarks`,
         *     `quickrenditionsets`, `cropprofilesets`, `processingprofiles`, `processingprofilesets`. `processingprofiles`
         *     lists the processing profiles (`Id` the profile's id, `Name` its name, by name), which an archive's
         *     `DownloadProcessing` can choose, and `watermarks` the watermarks, which its `Renditions.WatermarkId` can; the
         *     others Magpie has none of yet: each answers an empty list, and an archive can choose none. Needs
         *     `manageArchives` (403).
         */
        get: operations["listConfigSettingItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Magpie's one error body, FotoWeb-style (FotoWeb clients read `value` and `heading` from 4xx bodies,
         *     spec 01 §8). `value` is a stable symbol clients switch on; `message` is for people. Known values:
         *     `InvalidRequest` (400), `InvalidChunk` (400), `InvalidFilename` (400), `Unauthorized` (401), `Forbidden`
         *     (403), `InvalidCsrfToken` (403, BFF), `NotFound` (404), `NotAcceptable` (406), `Conflict` (409),
         *     `DuplicateChunk` (409), `DuplicateAsset` (409), `UploadExpired` (410), `InvalidSearchExpression` (400,
         *     spec 02 §8), `InvalidTaxonomyItem` (400, spec 02 §8), `InvalidTaxonomyFile` (400), `TaxonomyExists` (409),
         *     `TaxonomyItemExists` (409), `PayloadTooLarge` (413), `UploadQuotaExceeded` (413), `UnsupportedMediaType` (415),
         *     `RangeNotSatisfiable` (416), `TooManyRequests` (429), `InternalError` (500), `BadGateway` (502, BFF),
         *     `ServiceUnavailable` (503). Clients must treat unknown values like the status code's generic meaning.
         *
         *     Users and groups (issue 11, spec 03 §8): `UserExists` (409, the username is taken), `GroupExists` (409, the
         *     group name is taken), `out_of_licenses` (409, no seat left at that license level; its `message` contains the
         *     literal `out_of_licenses`, which clients test as spec 03 §8 says), `CircularGroupMembers` (409, from
         *     `updateGroupGroups`), `CircularMemberOf` (409, from `updateGroupMemberOf`), `SiteOwnerProtected` (403, the
         *     site owner cannot be deleted, disabled or expired), `WeakPassword` (400, the password breaks `PASSWORD_RULES`;
         *     the message says how), `WrongPassword` (403, the current password is wrong), `PasswordChangeRequired` (403,
         *     the user must change the password first: every call but the descriptor, keepalive, logout, preferences and
         *     `changeOwnPassword` answers this while `isForcePasswordChangeSet` is true).
         *
         *     Invitations and sign-ups (issue 14): `InvitationNotFound` (404, no invitation has that link), `InvitationRevoked`,
         *     `InvitationUsed`, `InvitationExpired` (410, the link admits nobody any more), `SignupClosed` (403, no open
         *     sign-up without an invitation), `SignupExists` (409, the address already belongs to a user or a pending
         *     sign-up).
         *
         *     Password reset (issue 14): `PasswordResetNotFound` (404, the token names no reset link, or its user may no
         *     longer reset a password), `PasswordResetUsed`, `PasswordResetExpired` (410, the link sets no password any more).
         *
         *     Input refused before any handler (issue 9), by the DAM for every route and by the BFF before forwarding:
         *     a NUL character (U+0000) or a lone UTF-16 surrogate in a path segment, a query value or key, or a string or
         *     key of a JSON or form body, and a JSON body nested deeper than 64 levels of arrays and objects, answer 400
         *     `InvalidRequest` naming the field in `message` and in `issues` (`path` is `path[.<name>]`, `query.<name>`
         *     or `body.<dotted path>`; the DAM's token endpoint answers RFC 6749 `invalid_request`). A URL whose
         *     percent-encoding is not UTF-8 answers 400 `InvalidRequest`; a URL over 8192 characters (BFF) or a path
         *     segment over the server's limit 414 `InvalidRequest`; headers over 16 KiB 431 `InvalidRequest`. Numbers
         *     are checked against the column they are compared with before any SQL: search range values out of range
         *     (`pw`/`ph` whole pixels up to 2147483647, `fs` megabytes up to 8796093022207, dates that exist, years
         *     0001–9999) answer 400 `InvalidSearchExpression`; an `integer` metadata value beyond 32 bits or a `date`
         *     that does not exist is the field's 400 `InvalidRequest`.
         */
        ErrorBody: {
            /**
             * @description The error symbol.
             * @example NotFound
             */
            value: string;
            /** @description A human-readable explanation. */
            message: string;
            /** @description A short title for an error dialog or tooltip. */
            heading?: string;
            /** @description The URL of the resource the error is about, when there is one. */
            href?: string;
            /** @description The request id (also sent as the `X-Request-Id` header) for support and logs. */
            requestId?: string;
            /** @description Field-level problems of a 400 `InvalidRequest`, in request order. */
            issues?: components["schemas"]["ErrorIssue"][];
        };
        /** @description One field-level validation problem. */
        ErrorIssue: {
            /** @description Dotted path of the offending field in the body or query (`metadata.fields.0.id`); empty for the whole body. */
            path: string;
            message: string;
            /** @description The problem's own symbol where a call names several (archive save, spec 03 §8 `name_exists` …). */
            value?: string;
        };
        /** @description The token endpoint's form body, by `grant_type` (RFC 6749 §4.3, §4.4, §6). */
        TokenRequest: components["schemas"]["ClientCredentialsTokenRequest"] | components["schemas"]["RefreshTokenTokenRequest"] | components["schemas"]["PasswordTokenRequest"];
        /** @description RFC 6749 §4.4 client credentials grant. */
        ClientCredentialsTokenRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            grant_type: "client_credentials";
            /** @description The client's id; required unless the client authenticates with HTTP Basic. */
            client_id?: string;
            /** @description The client's secret; required unless the client authenticates with HTTP Basic. */
            client_secret?: string;
            scope?: string;
        };
        /** @description RFC 6749 §6 refresh; the old refresh token is invalid once a new one is issued. */
        RefreshTokenTokenRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            grant_type: "refresh_token";
            refresh_token: string;
            /** @description The client's id; required unless the client authenticates with HTTP Basic. */
            client_id?: string;
            /** @description The client's secret; required unless the client authenticates with HTTP Basic. */
            client_secret?: string;
            scope?: string;
        };
        /** @description RFC 6749 §4.3 resource owner password grant, accepted only from the BFF's confidential client (Magpie). */
        PasswordTokenRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            grant_type: "password";
            username: string;
            password: string;
            /** @description The client's id; required unless the client authenticates with HTTP Basic. */
            client_id?: string;
            /** @description The client's secret; required unless the client authenticates with HTTP Basic. */
            client_secret?: string;
            /**
             * @description Magpie: the IP address of the person logging in, as the BFF sees it. The DAM counts wrong passwords per
             *     this address rather than per connecting address (the BFF's), so one person's guesses never hold up
             *     everybody else's logins. Trusted only from the BFF's client; ignored when it is not an IP address.
             */
            end_user_address?: string;
            scope?: string;
        };
        /** @description RFC 6749 §5.1 access token response. */
        TokenResponse: {
            access_token: string;
            /** @enum {string} */
            token_type: "bearer";
            /** @description Lifetime of the access token in seconds (FotoWeb's recorded value is 28800). */
            expires_in: number;
            /** @description Sent for the `password` and `refresh_token` grants. */
            refresh_token?: string;
            scope?: string;
        };
        /** @description RFC 6749 §5.2 error response. Magpie always sends `error_description`. */
        OAuthError: {
            /** @enum {string} */
            error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "slow_down";
            error_description?: string;
            error_uri?: string;
        };
        /** @description Magpie health check answer. */
        Health: {
            /** @enum {string} */
            status: "ok";
            /**
             * @description The database the server runs on (embedded PGlite or PostgreSQL).
             * @enum {string}
             */
            database: "pglite" | "postgres";
        };
        /** @description An opaque server-relative URL (or an absolute one); follow it, never build or parse it. */
        Url: string;
        /** @description An opaque URL, or null when the feature is off or not allowed for this user. */
        UrlOrNull: string | null;
        /**
         * @description The private API descriptor (`full-api-descriptor`, FotoWeb API, API descriptor). Every key FotoWeb sends is
         *     present; URL values are opaque and null when the feature is off or the user may not use it. Clients read
         *     every other URL from here (spec 01 §3).
         */
        FullApiDescriptor: {
            /** @description The descriptor's own URL, `/fotoweb/me`. */
            href: string;
            /** @description Server product name. */
            server: string;
            /** @description The server's UTC offset in minutes. */
            utc_offset: number;
            actionCropPresets: components["schemas"]["UrlOrNull"];
            actions: components["schemas"]["UrlOrNull"];
            albums: components["schemas"]["UrlOrNull"];
            albums_archived: components["schemas"]["UrlOrNull"];
            albums_contribute: components["schemas"]["UrlOrNull"];
            albums_deleted: components["schemas"]["UrlOrNull"];
            albums_own: components["schemas"]["UrlOrNull"];
            albums_shared: components["schemas"]["UrlOrNull"];
            /** @description Magpie extension, the public albums (`/fotoweb/albums/`, the public descriptor's `albums`). */
            albums_public?: components["schemas"]["UrlOrNull"];
            alerts: components["schemas"]["UrlOrNull"];
            apiFeatureLevels: {
                consentFormsApiFeatureLevel?: number;
                downloadSettingsApiFeatureLevel?: number;
            };
            appearance: components["schemas"]["DescriptorAppearance"];
            archives: components["schemas"]["UrlOrNull"];
            background_tasks: components["schemas"]["UrlOrNull"];
            bookmarks: components["schemas"]["UrlOrNull"];
            copy_to: components["schemas"]["UrlOrNull"];
            cropDownloadPresets: components["schemas"]["UrlOrNull"];
            /** @description Site customisations (free-form); Magpie sends `customTitleBarButtons`. */
            customizations: {
                /** @description The custom title-bar buttons (spec 02 §3), in `index` order; empty when there are none. */
                customTitleBarButtons?: components["schemas"]["TitleBarButton"][];
            } & {
                [key: string]: unknown;
            };
            destinations: components["schemas"]["UrlOrNull"];
            /**
             * @description The desktop tool (spec 01 §3, §4): the installers Magpie is configured with (`MAGPIE_FWDT_<WIN|OSX>_URL` and
             *     `_VERSION`) and the how-to install view (`/fotoweb/views/desktop-tool`), offered to callers holding
             *     `OpenFile` on some archive they see (the fwdt rights, spec 01 §6); null when no installer is configured.
             */
            fwdt: components["schemas"]["DescriptorFwdt"] | null;
            groups: components["schemas"]["UrlOrNull"];
            /** @description RFC 6570 template with `{?q}`. */
            groups_search: components["schemas"]["UrlOrNull"];
            /**
             * @description Magpie extension (issue 14), the groups the caller may give new people (`listGrantableGroups`,
             *     `/fotoweb/groups/grantable{?q}`, an RFC 6570 template): the invitation wizard's and the approve-user
             *     modal's group search. Offered with `inviteUsers`, `approvePendingSignups` or `manageUsers`, else null.
             */
            groups_grantable?: components["schemas"]["UrlOrNull"];
            /**
             * @description Magpie extension (issue 14), the invitations (`/fotoweb/invitations/`: `listInvitations`,
             *     `createInvitations`). Offered with `inviteUsers`, else null.
             */
            invitations?: components["schemas"]["UrlOrNull"];
            /**
             * @description Magpie extension (issue 14), the pending sign-ups' count for the settings menu's badge
             *     (`/fotoweb/signups/count`, `countSignups`; spec 03 §7 "pending-users count link"). Offered with
             *     `approvePendingSignups`, else null.
             */
            signups_count?: components["schemas"]["UrlOrNull"];
            /**
             * @description Magpie extension (issue 14), the sign-up settings (`/fotoweb/api/config/signups`: open sign-up, whether
             *     approvers choose groups, the extra fields). Offered with `manageSettings`, else null.
             */
            signup_settings?: components["schemas"]["UrlOrNull"];
            isForcePasswordChangeSet: boolean;
            isPreferProInterfaceByDefaultEnabled: boolean;
            isVersioningEnabled: boolean;
            markers: components["schemas"]["UrlOrNull"];
            /** @description Magpie extension (issue 15), the user's notifications (`listNotifications`); null for guests. */
            notifications?: components["schemas"]["UrlOrNull"];
            /**
             * @description Magpie extension (issue 14 "Mail"), the mail outbox (`listMail`, `/fotoweb/api/config/mail`): offered to
             *     callers with `manageSettings`, else null.
             */
            mail_outbox?: components["schemas"]["UrlOrNull"];
            move_to: components["schemas"]["UrlOrNull"];
            /** @description Magpie extension, the trash (`/fotoweb/me/trash/`); null for guests. */
            trash: components["schemas"]["UrlOrNull"];
            order: components["schemas"]["DescriptorOrder"] | null;
            /** @description RFC 6570 template with `{?q}`. */
            people_search: components["schemas"]["UrlOrNull"];
            permissions: components["schemas"]["DescriptorPermissions"];
            /** @description The user's pins (`/fotoweb/me/pins/`); null for guests. */
            pins: components["schemas"]["UrlOrNull"];
            /** @description Template for a search across all archives, `/fotoweb/archives/{?q}` (RFC 6570). */
            searchURL: components["schemas"]["UrlOrNull"];
            security: {
                allowFileSystemDestinations: boolean;
            };
            services: components["schemas"]["DescriptorServices"];
            /**
             * @description The pending sign-ups (`/fotoweb/signups/`, `listSignups`; issue 14). Offered with `approvePendingSignups`,
             *     else null.
             */
            signups: components["schemas"]["UrlOrNull"];
            siteConfigurationHref: components["schemas"]["UrlOrNull"];
            taxonomies: components["schemas"]["UrlOrNull"];
            tokens: components["schemas"]["UrlOrNull"];
            upload: {
                preserveMetadata: boolean;
            };
            upload_to: components["schemas"]["UrlOrNull"];
            upload_tokens: components["schemas"]["UrlOrNull"];
            user: components["schemas"]["DescriptorUser"];
            user_preferences: components["schemas"]["UrlOrNull"];
            userManagement: components["schemas"]["DescriptorUserManagement"] | null;
            users: components["schemas"]["UrlOrNull"];
            /** @description RFC 6570 template with `{?q}`. */
            users_search: components["schemas"]["UrlOrNull"];
            views: components["schemas"]["DescriptorViews"];
            widgets: {
                selection: components["schemas"]["UrlOrNull"];
                fwdt?: components["schemas"]["DescriptorFwdt"] | null;
            };
        };
        /** @description The authenticated user. */
        DescriptorUser: {
            userName: string;
            fullName: string;
            firstName: string;
            lastName: string;
            email: string;
            /** @description The user's URL, `/fotoweb/api/users/<id>` (`getUser`; every user may read their own). */
            href: string;
            userId: number;
            isGuest: boolean;
            userAvatarHref?: components["schemas"]["UrlOrNull"];
        };
        /** @description Site-wide permissions of the user (archive permissions travel on collections and assets). */
        DescriptorPermissions: {
            albums: {
                addAssets: boolean;
                comment: boolean;
                create: boolean;
                shareWithGuests: boolean;
                /** @description Magpie extension (spec 03 §3.3 `albums.shareWithUsers`). */
                shareWithUsers: boolean;
                /** @description Magpie extension (spec 03 §3.3 `albums.shareWithGroups`). */
                shareWithGroups: boolean;
                showOnHomepage: boolean;
            };
            allowRetranscode: boolean;
            allowShareBookmark: boolean;
            allowTaxonomyEditing: boolean;
            canConfigureConsentForms: boolean;
            canLinkInAdobeCC: boolean;
            canManageExports: boolean;
            canTogglePositionedMarkers: boolean;
            delegateDownload: boolean;
            hasAdvancedVideoControls: boolean;
            hasAuditPermission: boolean;
            hasManageArchivesPermission: boolean;
            hasManageServicesPermission: boolean;
            hasManageSettingsPermission: boolean;
            hasManageWorkflowsPermission: boolean;
            /** @description Spec 01 §3 (flow menu); absent on servers without flows. */
            hasManageFlowsPermission?: boolean;
            /**
             * @description (Magpie; issue 15, spec 03 §2.1 activity exports) Whether the user may read and download the activity log
             *     (`listActivity`, `exportActivity`: `manageActivityExports` or `audit`).
             */
            canReadActivityLog?: boolean;
            /**
             * @description (Magpie; issue 15, spec 03 §3.12 activity logging) Whether the user may switch the activity log's recording
             *     on and off by category (`getActivitySettings`, `updateActivitySettings`: `manageActivityLogging`).
             */
            canManageActivityLogging?: boolean;
            /** @description Spec 01 §3 (flow menu); absent on servers without flows. */
            hasViewFlowsPermission?: boolean;
            moderateComments: boolean;
            print: boolean;
            shareCropAndDownloadPresets: boolean;
            showAdvancedBreadcrumb: boolean;
        };
        DescriptorServices: {
            /** @description POST here to log out. */
            logout: components["schemas"]["Url"];
            keepalive: {
                href: components["schemas"]["Url"];
                /** @description Seconds between keepalive calls while the user is active. */
                interval: number;
            };
            search: components["schemas"]["UrlOrNull"];
            rendition_request: components["schemas"]["UrlOrNull"];
            navigate_next?: components["schemas"]["UrlOrNull"];
            navigate_prev?: components["schemas"]["UrlOrNull"];
            retranscode?: components["schemas"]["UrlOrNull"];
        };
        DescriptorAppearance: {
            /**
             * @description The site's custom CSS (`getCustomCss`) with `?v=<version>`, which changes when the CSS changes; null when no
             *     custom CSS is set. Clients POST `{cssContent}` to it to change it (spec 01 §7), when they may.
             */
            customCss: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie) For callers with `changeSiteAppearance`, else null: `settings` (`getAppearanceSettings`), `css`
             *     (where to POST `{cssContent}`, also while no CSS is set) and `titleBarButtons` (`updateTitleBarButtons`).
             */
            admin?: null | {
                settings: string;
                css: string;
                titleBarButtons: string;
            };
            favicon: components["schemas"]["UrlOrNull"];
            homepageImage: components["schemas"]["UrlOrNull"];
            loginLogo: components["schemas"]["UrlOrNull"];
            mainLogo: components["schemas"]["UrlOrNull"];
            mobileLogo: components["schemas"]["UrlOrNull"];
        };
        DescriptorOrder: {
            admin: null | {
                approved: components["schemas"]["UrlOrNull"];
                history: components["schemas"]["UrlOrNull"];
                pending: components["schemas"]["UrlOrNull"];
                rejected: components["schemas"]["UrlOrNull"];
                views: {
                    pending: components["schemas"]["UrlOrNull"];
                };
            };
            cart: components["schemas"]["UrlOrNull"];
            config: components["schemas"]["UrlOrNull"];
            history: components["schemas"]["UrlOrNull"];
            views: {
                cart: components["schemas"]["UrlOrNull"];
                history: components["schemas"]["UrlOrNull"];
                termsAndConditions: components["schemas"]["UrlOrNull"];
            };
        };
        /**
         * @description Spec 03 §7 "Users and groups" (null for callers without `manageUsers`). `userList` is `/fotoweb/users/`
         *     (`listUsers`), `groupList` `/fotoweb/groups/` (`listGroups`), `siteOwner` `/fotoweb/users/site-owner`
         *     (`getSiteOwner`/`setSiteOwner`); `adminUser` is the site owner's href, `everyoneGroup` and
         *     `registeredUsersGroup` the built-in groups' hrefs (compare hrefs, never names); `guestUser` the guest user's
         *     href, null while guest access is off.
         */
        DescriptorUserManagement: {
            adminUser: components["schemas"]["UrlOrNull"];
            everyoneGroup: components["schemas"]["UrlOrNull"];
            groupList: components["schemas"]["UrlOrNull"];
            guestUser: components["schemas"]["UrlOrNull"];
            registeredUsersGroup: components["schemas"]["UrlOrNull"];
            userList: components["schemas"]["UrlOrNull"];
            siteOwner: components["schemas"]["UrlOrNull"];
        };
        /** @description Links to web views (HTML pages of the client). */
        DescriptorViews: {
            /**
             * @description The webhooks page (`/fotoweb/views/admin/webhooks`, spec 03 §2.1 "Webhooks"; issue 16): the registered
             *     webhooks with their last delivery, register, delete, deliveries (`listWebhooks`). Offered to callers with
             *     `manageWebhooks`, else null.
             */
            admin_webhooks: components["schemas"]["UrlOrNull"];
            /** @description The invitation wizard (`/fotoweb/views/invitations`, spec 01 §2), offered with `inviteUsers`, else null. */
            createInvitations: components["schemas"]["UrlOrNull"];
            edit_taxonomy_item: components["schemas"]["UrlOrNull"];
            /** @description Where to go after logging out (`/fotoweb/views/login`). */
            loggedOut: components["schemas"]["UrlOrNull"];
            manage_exports: components["schemas"]["UrlOrNull"];
            /** @description The invitation grid (`/fotoweb/views/admin/invitations`, spec 03 §2.2), offered with `inviteUsers`, else null. */
            manageInvitations: components["schemas"]["UrlOrNull"];
            pro: components["schemas"]["UrlOrNull"];
            selection: components["schemas"]["UrlOrNull"];
            /** @description The pending sign-ups (`/fotoweb/views/admin/signups`, spec 03 §2.10), offered with `approvePendingSignups`, else null. */
            signUpAdmin: components["schemas"]["UrlOrNull"];
            upload: components["schemas"]["UrlOrNull"];
            changePassword?: components["schemas"]["UrlOrNull"];
            /**
             * @description Where the site's subscription is managed (opened in a new tab; spec 03 §2.1): Magpie's
             *     `MAGPIE_MANAGE_SUBSCRIPTION_URL`, offered to callers with `manageSettings`; null when not configured.
             */
            manageSubscription?: components["schemas"]["UrlOrNull"];
            manageConsentForms?: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie) The API clients view, where administrators register and revoke the OAuth clients of integrations
             *     (spec 03 §3.12 applications; `listApplications`). Offered to callers with `manageSettings`, else null.
             */
            apiClients?: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie) The legacy API keys view (`/fotoweb/views/api-keys`, issue 16), where administrators create and
             *     revoke `FWAPIToken` keys (`listApiKeys`). Offered to callers with `manageSettings`, else null.
             */
            apiKeys?: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie) The processing profiles view (`/fotoweb/views/processing-profiles`, issue 16), where administrators
             *     list, create, change and delete the renditions every asset offers (`listProcessingProfiles`). Offered to
             *     callers with `manageArchives`, else null.
             */
            processingProfiles?: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie) The watermarks view (`/fotoweb/views/watermarks`, issue 16), where administrators list, create,
             *     change and delete the watermarks archives choose and processing profiles stamp (`listWatermarks`). Offered
             *     to callers with `manageArchives`, else null.
             */
            watermarks?: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie) The outbox view, where administrators read Magpie's mail and send themselves a test message (issue
             *     14 "Mail"; `listMail`). Offered to callers with `manageSettings`, else null.
             */
            mailOutbox?: components["schemas"]["UrlOrNull"];
            /**
             * @description The Activity exports page (`/fotoweb/views/activity-exports`, spec 03 §2.1; issue 15): the activity log with
             *     filters and its CSV download (`listActivity`, `exportActivity`), and the logging switches
             *     (`getActivitySettings`). Offered to callers with `manageActivityExports`, `audit` or
             *     `manageActivityLogging` (`permissions.canReadActivityLog` and `permissions.canManageActivityLogging` say
             *     which parts), else null.
             */
            activityExports?: components["schemas"]["UrlOrNull"];
            /**
             * @description The Manage site page (`/fotoweb/views/management`, spec 03 §2.1), offered to callers who may change one of
             *     its sections (`changeSiteAppearance`: Appearance), else null.
             */
            management?: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie) The sign-up settings view (`/fotoweb/views/admin/signup-settings`, issue 14): open sign-up, whether
             *     approvers choose groups, and the extra fields of the sign-up form (spec 03 §3.7; `getSignupSettings`,
             *     `updateSignupSettings`). Offered to callers with `manageSettings`, else null.
             */
            signupSettings?: components["schemas"]["UrlOrNull"];
            /**
             * @description (Magpie, issue 15) The order settings view (`/fotoweb/views/order-settings`): the fields an orderer fills
             *     in and the terms they accept when submitting the cart (`getOrderConfig`, `updateOrderConfig`). Offered to
             *     callers with `manageSettings`, else null.
             */
            orderSettings?: components["schemas"]["UrlOrNull"];
            /**
             * @description The site's subscription (spec 01 §2 trial prompt): Magpie's `MAGPIE_SUBSCRIPTION_STATE` and
             *     `MAGPIE_SUBSCRIPTION_ORIGIN` with the site's creation (its first migration); null when no state is configured.
             */
            subscription?: null | {
                /** @description ISO 8601 date-time the site was created (spec 01 §9 trial countdown). */
                siteCreatedDate: string;
                /** @description e.g. `trial`. */
                state: string;
                origin: string;
            };
        };
        /** @description FotoWeb Desktop integration (installers per platform, services, views). */
        DescriptorFwdt: {
            osx?: components["schemas"]["FwdtPlatform"];
            win?: components["schemas"]["FwdtPlatform"];
            services: {
                crop: components["schemas"]["UrlOrNull"];
                edit: components["schemas"]["UrlOrNull"];
                open: components["schemas"]["UrlOrNull"];
            };
            views: {
                install: components["schemas"]["UrlOrNull"];
            };
        };
        FwdtPlatform: {
            minVersion?: string;
            installer?: {
                version: string;
                href: components["schemas"]["Url"];
            };
        };
        /**
         * @description An archive permission id (spec 03 §3.11; FotoWeb's `Permission` plus the ids real servers send). Collections
         *     and assets carry the caller's effective permissions, so clients never compute them.
         * @enum {string}
         */
        ArchivePermission: "View" | "Preview" | "Comping" | "Workflow" | "Download" | "DuplicateFile" | "Order" | "EditText" | "CropRotate" | "CopyTo" | "MoveTo" | "CopyFrom" | "MoveFrom" | "Rename" | "Delete" | "Alert" | "MngVideo" | "EditSmartFolders" | "CropAndDownload" | "Export" | "Comment" | "Annotate" | "TrdParty1" | "TrdParty2" | "TrdParty3" | "TrdParty4" | "EditFile" | "OpenFile" | "CropFile" | "FwdtPlace" | "UploadFile" | "HistoryView" | "HistoryRollback" | "HistoryManage" | "ViewConsentSummary" | "ViewConsentDetails" | "ManageConsentStatus";
        /**
         * @description Permissions only collections carry (FotoWeb `Permission`): on link collections (albums) and posters.
         * @enum {string}
         */
        LinkCollectionPermission: "Add" | "Remove" | "Reorder" | "SetPosterAsset";
        /** @description A permission on a collection. */
        CollectionPermission: components["schemas"]["ArchivePermission"] | components["schemas"]["LinkCollectionPermission"];
        /**
         * @description Links between the pages of a list (FotoWeb API, Paging). `first` is never null. `next`/`prev` are null
         *     **or `""`** (real FotoWeb servers send `""`) when there is no such page; `last` is null when unknown.
         *     Clients follow these links and never compute page URLs or assume a page size. Magpie's links are opaque
         *     keyset cursors underneath `;p=<n>`. Recent servers add `index`, `totalPages` and `count` (null when unknown).
         */
        Paging: {
            first: string;
            prev: string | null;
            next: string | null;
            last: string | null;
            /** @description 0-based index of this page. */
            index?: number | null;
            totalPages?: number | null;
            /** @description Total number of items in the list. */
            count?: number | null;
        };
        /** @description A page of collections (`collectionlist`). `paging` is null when the list is not paged. */
        CollectionList: {
            data: components["schemas"]["Collection"][];
            paging: components["schemas"]["Paging"] | null;
            /** @description Template for a search across the listed collections (RFC 6570 `{?q}`), or null. */
            searchURL?: components["schemas"]["UrlOrNull"];
            /** @description URL to add a collection to this list, or null. */
            add?: components["schemas"]["UrlOrNull"];
            /** @description URL to reorder this list, or null. */
            reorder?: components["schemas"]["UrlOrNull"];
        };
        /** @description A page of assets (`assetlist`). `paging` is null for a short, unpaged list. */
        AssetList: {
            data: components["schemas"]["Asset"][];
            paging: components["schemas"]["Paging"] | null;
        };
        /** @description A preview image (`previews[]`, `posterImages[]`). Sizes are in px; `size` is max(width, height). */
        Preview: {
            size: number;
            width: number;
            height: number;
            /** @description True when cropped to a square. */
            square: boolean;
            href: components["schemas"]["Url"];
        };
        /** @description A public `href` and the user-specific `data` URL of the same collection. */
        LinkPair: {
            href: string;
            data: string;
        };
        /** @description One step of a breadcrumb, root first. */
        Ancestor: {
            name: string;
            href: string;
            data: string;
        };
        /** @description A path component of a sort URL (`;o=<value>`). */
        UrlComponent: {
            key: string;
            value: string;
        };
        SortLink: {
            href: string;
            data: string;
            default?: boolean;
            urlComponents: components["schemas"]["UrlComponent"][];
        };
        /** @description A sort order offered by the collection, with its ascending and descending URLs. */
        AltOrder: {
            /** @description `mt` (last modified), `fn` (file name) or a field id. */
            key: string;
            name: string;
            asc: components["schemas"]["SortLink"];
            desc: components["schemas"]["SortLink"];
        };
        /** @description The metadata view for assets here (`metadata-set` at `/fotoweb/editors/<id>`). */
        MetadataEditorLink: {
            href: string;
            name: string;
        };
        /** @description Common properties (FotoWeb `props`). */
        ResourceProps: {
            annotations?: components["schemas"]["EnabledFlag"];
            /** @description Whether the collection takes comments; on an album the caller may open, `href` is its comments (`.comments/`) and `count` how many it has. */
            comments?: {
                enabled: boolean;
                href?: string;
                count?: number;
            };
            /** @description Whether the collection can be shared; on an album its owner may change, `href` is its sharing (`.shares/`, issue 13). */
            shares?: {
                enabled: boolean;
                href?: string;
            };
            /** @description Magpie extension, on albums: shown on the home page among the public albums. */
            showOnHomepage?: boolean;
            /** @description The owner of an album, else null. */
            owner?: null | {
                [key: string]: unknown;
            };
            tags?: string[];
        };
        EnabledFlag: {
            enabled: boolean;
        };
        /**
         * @description A collection's attributes (`collectioninfo`): archive, folder, album or search result. FotoWeb's keys, null
         *     where FotoWeb sends null. `href` is the canonical public URL; `data` is the user-specific URL to follow.
         */
        CollectionInfo: {
            href: string;
            data: string;
            /** @description The collection id; for an archive its numeric id as a string (`"5000"`). */
            id: string;
            name: string;
            description: string;
            /**
             * @description `smartFolder` (Magpie, issue 13) is a saved search of an archive: its `href` is the search.
             * @enum {string}
             */
            type: "archive" | "folder" | "album" | "search" | "smartFolder";
            assetCount: number;
            childCount: number;
            /** @description RFC 6570 template `…/{?q}` to search this collection, or null when it cannot be searched. */
            searchURL: components["schemas"]["UrlOrNull"];
            /** @description The search expression as given (search results), else null. */
            searchString: string | null;
            /** @description The normalised search expression (search results), else null. */
            searchQuery: string | null;
            /** @description Where to go to drop the search (search results), else null. */
            clearSearch: components["schemas"]["LinkPair"] | null;
            permissions: components["schemas"]["CollectionPermission"][];
            /**
             * @description The href of the chosen cover (an album's, a folder's or an archive's, spec 02 §6 SetPosterAsset) when the
             *     caller sees it, else null.
             */
            posterAsset: components["schemas"]["UrlOrNull"];
            /**
             * @description The cover's previews: the chosen cover (`posterAsset`), else the collection's first asset; a folder in
             *     its parent's list (`children`, `collectionlist`) shows none then, its tile shows `color` and
             *     `iconCharacter`.
             */
            posterImages: components["schemas"]["Preview"][];
            canUploadTo: boolean;
            /** @description The `destination` to use for uploads here (FotoWeb may send `""` when uploads are not possible). */
            uploadHref: string | null;
            canHaveChildren: boolean;
            hasChildren: boolean;
            isSearchable: boolean;
            isSelectable: boolean;
            metadataEditor: components["schemas"]["MetadataEditorLink"] | null;
            alt_orders: components["schemas"]["AltOrder"][];
            /** @description RFC 6570 template of this collection's data URLs, e.g. `/fotoweb/archives/5000-Photos{/path*}/{;o}`. */
            dataTemplate: string | null;
            /** @description ISO 8601 date-time, or `""` when unknown. */
            created: string;
            /** @description ISO 8601 date-time, or `""` when unknown. */
            modified: string;
            archived: string | null;
            deleted: string | null;
            /**
             * @description CSS colour of the collection's tile, e.g. `#595959`: a folder's or an archive's chosen colour (one of
             *     `COLLECTION_COLORS`), else `#999999` (issue 13, spec 02 §2, §9).
             */
            color: string | null;
            /**
             * @description The tile's icon (one of `COLLECTION_ICONS`) chosen for a folder or an archive, else `""` (shown as
             *     `Folder`).
             */
            iconCharacter: string | null;
            /** @description URL to pin or unpin the collection, or null. */
            pin: components["schemas"]["UrlOrNull"];
            /**
             * @description URL to edit the collection, or null. A folder's href for holders of Rename (`renameFolder`); an archive's
             *     href for holders of `manageArchives`, who may style its tile and set its cover there but not rename it
             *     (an archive is renamed in its settings); an album's or a smart folder's own URL for those who may change
             *     it.
             */
            edit: components["schemas"]["UrlOrNull"];
            /** @description URL to reorder the collection's children, or null. */
            reorder: components["schemas"]["UrlOrNull"];
            /** @description Kinds of children that can be created here, each with the URL to POST to. */
            create: {
                href: string;
                type: string;
            }[];
            originalURL: components["schemas"]["UrlOrNull"];
            matchingHref: components["schemas"]["UrlOrNull"];
            orderRootHref: components["schemas"]["UrlOrNull"];
            /** @description Where the caller creates a search alert on this collection (`createAlert`, issue 15) when the archive grants them `Alert`; null otherwise. */
            alertHref: components["schemas"]["UrlOrNull"];
            urlComponents: components["schemas"]["UrlComponent"][];
            canBeArchived: boolean;
            canBeDeleted: boolean;
            canCopyTo: boolean;
            canMoveTo: boolean;
            canCreateFolders: boolean;
            canIngestToChildren: boolean;
            canSelect: boolean;
            canCreateAlerts?: boolean;
            isLinkCollection: boolean;
            isFolderNavigationEnabled: boolean;
            isSmartFolderNavigationEnabled: boolean;
            /** @description Whether consent management applies here (issue 15; spec 03 §3.8, §3.10): consent forms are on (`ConsentFormSettings.enableConsentForms`) and the collection's archive has `EnableConsentManagement`. Always false for albums, which span archives. */
            isConsentManagementEnabled: boolean;
            /** @description Whether the consent status filter (`cst`, spec 02 §9) is offered here: `isConsentManagementEnabled` and the caller holds `ViewConsentSummary` on the archive. Always false for albums. */
            isConsentStatusFilterEnabled: boolean;
            smartFolderHeader: string | null;
            /**
             * @description Magpie extension (issue 13): the smart folders of the collection's archive (saved searches shown in the
             *     archive's navigation, where a search is saved), a `collectionlist`; null for albums and smart folders.
             */
            smartFolders?: string | null;
            propertyValidations: {
                name: string;
                min?: number;
                max?: number;
                regex?: string;
            }[];
            props: components["schemas"]["ResourceProps"];
            /**
             * @description An archive's taxonomy navigation (issue 13; fotoweb-api-notes §7 "collections embed top-level nodes"):
             *     each taxonomy with its top-level items that carry Navigate and Query (at most 100, by name), each with the
             *     archive's search for it. Only on an archive itself (its root, not a search or a folder); empty elsewhere.
             */
            taxonomies: components["schemas"]["CollectionTaxonomy"][];
            /** @description Breadcrumb from the archive down to the parent (`collectioninfo`, `collection`). */
            ancestors?: components["schemas"]["Ancestor"][];
        };
        /** @description One taxonomy of an archive's navigation. */
        CollectionTaxonomy: {
            /** @description The field id the taxonomy belongs to. */
            field: number;
            name: string;
            /** @description The taxonomy's href (`/fotoweb/api/taxonomies/{field}`). */
            href: string;
            items: components["schemas"]["CollectionTaxonomyItem"][];
        };
        /** @description A taxonomy item to browse an archive by. */
        CollectionTaxonomyItem: {
            id: string;
            name: string;
            value: string;
            /** @description The item's href. */
            href: string;
            /** @description The archive's search for the item (`<archive>?txnm=<id>`); also what pins it. */
            searchHref: string;
            /** @description Where the caller pins it (the pins url), or null for guests. */
            pin: components["schemas"]["UrlOrNull"];
        };
        /**
         * @description A collection (`collection`): its attributes plus, with `Accept: application/vnd.fotoware.collection+json`,
         *     the first page of `assets` and `children`. Elements of collection lists omit `assets` and `children`.
         */
        Collection: components["schemas"]["CollectionInfo"] & {
            /** @description The first page of sub collections, or null when the collection has none or they were not embedded. */
            children?: components["schemas"]["CollectionList"] | null;
            /** @description The first page of assets, or null when not embedded. */
            assets?: components["schemas"]["AssetList"] | null;
        };
        /**
         * @description The asset's document type, lower-case on the wire (FotoWeb's published enum is capitalised).
         * @enum {string}
         */
        DocType: "image" | "movie" | "audio" | "document" | "graphic" | "generic";
        ImageAttributes: {
            /** @description Width in px. */
            pixelwidth: number;
            /** @description Height in px. */
            pixelheight: number;
            /** @description Resolution in dpi. */
            resolution: number;
            /** @description `rgb`, `cmyk`, `grayscale` or `unknown`. */
            colorspace: string;
            /** @description 0 when not mirrored. */
            flipmirror: number;
            /** @description Rotation in degrees (0, 90, 180, 270). */
            rotation: number;
        };
        Fraction: {
            n: number;
            d: number;
        };
        /** @description EXIF camera data, each key present when known. */
        PhotoAttributes: {
            cameraMake?: string;
            cameraModel?: string;
            lens?: string;
            exposure?: components["schemas"]["Fraction"];
            fNumber?: number;
            /** @description In mm. */
            focalLength?: number;
            isoSpeed?: number;
            flash?: {
                fired?: boolean;
            };
            /** @description ISO 8601 date-time the photo was taken. */
            dateTimeOriginal?: string;
        };
        /** @description Sub sections by `doctype`; check for presence rather than relying on `doctype`. */
        AssetAttributes: {
            imageattributes?: components["schemas"]["ImageAttributes"];
            photoAttributes?: components["schemas"]["PhotoAttributes"];
            videoattributes?: components["schemas"]["VideoAttributes"];
            audioattributes?: components["schemas"]["AudioAttributes"];
            documentattributes?: components["schemas"]["DocumentAttributes"];
        };
        /**
         * @description Magpie extension (issue 16), on movies only: the state of the web-playable copy (H.264/AAC MP4, at most 1080 px)
         *     the `web-video` background job makes. `pending` (queued), `running` (with `progress`), `ready` (with `href`),
         *     `failed` or `unavailable` (this server has no ffmpeg; `message` says how to add it).
         */
        WebVideo: {
            /** @enum {string} */
            status: "pending" | "running" | "ready" | "failed" | "unavailable";
            /** @description Share done, 0-1, while `running`. */
            progress?: number;
            /** @description The MP4 (`getWebVideo`), when `ready`. */
            href?: string;
            /** @description Frame width in px (upright), when `ready`. */
            width?: number;
            /** @description Frame height in px (upright), when `ready`. */
            height?: number;
            /** @description Play time in s, when `ready`. */
            duration?: number;
            /** @description Why it failed or is unavailable, for people. */
            message?: string;
        };
        /** @description A movie's facts as ExifTool reads them from its container (issue 16); each key present when known. */
        VideoAttributes: {
            /** @description Play time in s. */
            duration?: number;
            /** @description Frames per second. */
            frameRate?: number;
            /** @description Codec as the container names it (`avc1`, `hvc1`, `mp4v`…). */
            videoCodec?: string;
            /** @description Average bit rate of the file in bit/s. */
            bitRate?: number;
            /** @description Frame width in px as stored (before the track rotation). */
            pixelwidth?: number;
            /** @description Frame height in px as stored. */
            pixelheight?: number;
            /** @description Track rotation in degrees clockwise (0, 90, 180, 270). */
            rotation?: number;
            audioCodec?: string;
            /** @description In Hz. */
            audioSampleRate?: number;
            audioChannels?: number;
        } & {
            [key: string]: unknown;
        };
        /** @description A sound file's facts (issue 16); each key present when known. */
        AudioAttributes: {
            /** @description Play time in s. */
            duration?: number;
            audioCodec?: string;
            /** @description In Hz. */
            audioSampleRate?: number;
            audioChannels?: number;
        } & {
            [key: string]: unknown;
        };
        /** @description A document's facts (issue 16); each key present when known. */
        DocumentAttributes: {
            /** @description Number of pages (PDF). */
            pageCount?: number;
        } & {
            [key: string]: unknown;
        };
        /** @description A field's value; single-value fields hold a string, bag (multi-instance) fields an array. */
        MetadataValue: {
            value: string | string[];
        };
        /** @description A built-in field (`title`, `description`, `tags`, `status`, `rating`, `notes`) mapped by the metadata view. */
        BuiltinField: {
            field: string;
            required: boolean;
            value: string | string[];
        };
        ThumbnailField: {
            value: string | string[];
            views?: string[];
        };
        /** @description A downloadable rendition; `href` is `<asset>.info/__renditions/<ORIGINAL|profile>`. Sizes in px (0 when not fixed). */
        Rendition: {
            default: boolean;
            original: boolean;
            description?: string;
            display_name: string;
            width: number;
            height: number;
            profile: string;
            sizeFixed: boolean;
            href: string;
        };
        /**
         * @description An asset (`asset`, FotoWeb API, Assets). `permissions` and `previews` depend on the caller. `metadata` is keyed
         *     by field id (digits). `metadataEditor` links the archive's metadata view; `revisioncount` counts the entries
         *     of `revisions.href`. Magpie extensions: `hasPreview`, `contentHash`, `warnings`, `metadataWriteback`.
         */
        Asset: {
            /** @description The asset's URL in its archive, ending in `.info`. */
            href: string;
            /** @description The URL of this instance (same as `href` in archives and folders; differs in albums). */
            linkstance: string;
            archiveHREF: string;
            archiveId: number;
            /**
             * @description The asset's `href` with `#u=<user id>&m=<mac>` (fotoweb-api-notes §3.3): what a thumbnail dragged onto a
             *     desktop tool or plug-in carries, naming the user of this site who dropped it (the MAC is an HMAC of the user
             *     and the asset, keyed by the site). It names; it opens nothing without the target's own sign-in.
             */
            dropHREF?: string;
            physicalFileId?: string;
            filename: string;
            /** @description File size in bytes. */
            filesize: number;
            uniqueid: string;
            doctype: components["schemas"]["DocType"];
            /** @description ISO 8601 date-time. */
            created: string;
            createdBy: string;
            /** @description ISO 8601 date-time. */
            modified: string;
            modifiedBy: string;
            attributes: components["schemas"]["AssetAttributes"];
            builtinFields: components["schemas"]["BuiltinField"][];
            /** @description Field id (digits) → value. */
            metadata: {
                [key: string]: components["schemas"]["MetadataValue"];
            };
            metadataEditor: components["schemas"]["MetadataEditorLink"] | null;
            /** @description Previews the caller may see, usually 100q, 200, 200q, 300, 400, 400q, 600, 800, 1200, 1600, 2400. */
            previews: components["schemas"]["Preview"][];
            /** @description Always empty in Magpie. */
            quickRenditions?: components["schemas"]["Preview"][];
            /** @description The original (`profile` `ORIGINAL`), then one entry per processing profile (`profile` its id). */
            renditions: components["schemas"]["Rendition"][];
            revisions: {
                /** @description `<asset path without .info>/__revisions/`. */
                href: string;
            };
            capabilities?: {
                crop?: boolean;
                print?: boolean;
                printWithAnnotations?: boolean;
            };
            permissions: components["schemas"]["ArchivePermission"][];
            props?: components["schemas"]["ResourceProps"];
            thumbnailFields: {
                label: components["schemas"]["ThumbnailField"];
                firstLine: components["schemas"]["ThumbnailField"];
                secondLine: components["schemas"]["ThumbnailField"];
                additionalFields?: components["schemas"]["ThumbnailField"][];
            };
            ancestors?: components["schemas"]["Ancestor"][];
            /**
             * @description A token for fetching this asset's previews without the user's token (`Authorization: Bearer
             *     <previewToken>`): a JWT (HS256) with `aud` `preview_token`, `sub` the user, `ass` the asset's archive path,
             *     and `exp` one hour after `iat` (issued on a 15-minute grid, so a token received works 45 to 60 minutes and
             *     answers keep their ETag). It opens this asset's previews only, with the user's permissions; nothing else.
             */
            previewToken?: string;
            /**
             * @description Always 0. Pins are each user's own (`/fotoweb/me/pins/`); Magpie does not publish how many people pinned
             *     an asset.
             */
            pincount: number;
            previewcount: number;
            revisioncount: number;
            /**
             * @description The summary of the asset's consent forms (issue 15; spec 01 §3), only for callers with
             *     `ViewConsentSummary` on its archive while consent forms are on; null otherwise.
             */
            consentStatus?: components["schemas"]["ConsentStatus"] | null;
            downloadcount: number;
            metadataeditcount: number;
            workflowcount: number;
            /** @description Magpie extension; false when no preview could be made (then `previews` is empty). Absent on FotoWeb. */
            hasPreview?: boolean;
            webVideo?: components["schemas"]["WebVideo"];
            /**
             * @description Magpie extension (issue 16), on PDFs with a preview: the pages as images for the asset view's pager.
             *     `href` holds `{page}`, replaced by 1 to `count` (`getDocumentPage`).
             */
            documentPages?: {
                count: number;
                href: string;
            };
            /** @description Magpie extension; SHA-256 of the original file, lower-case hex. Absent on FotoWeb. */
            contentHash?: string;
            /**
             * @description Magpie extension; what the ingest could not do for this file (metadata unreadable, no preview and why),
             *     for people. Empty when all went well. Absent on FotoWeb.
             */
            warnings?: string[];
            metadataWriteback?: components["schemas"]["MetadataWriteback"];
        };
        /**
         * @description Body of `PATCH <asset href>` (`assetupdate`, FotoWeb API, Updating metadata on an asset): the fields to change,
         *     keyed by field id. Fields not given are unchanged; for a bag field a string counts as one value and `[]`
         *     clears the field; for a single-value field `""` clears it.
         */
        AssetUpdate: {
            metadata: {
                [key: string]: components["schemas"]["MetadataValue"];
            };
        };
        /**
         * @description A field's value type (FotoWeb `data-type`): `text`, `integer`, `real` (decimal number), `date` (ISO 8601,
         *     `YYYY-MM-DD` or a date-time) or `boolean` (`"true"`/`"false"`). Values always travel as strings.
         * @enum {string}
         */
        MetadataDataType: "text" | "integer" | "real" | "date" | "boolean";
        /**
         * @description Magpie: which editor a client shows (spec 02 §3 data-type list). Absent on FotoWeb; clients then derive it
         *     from `data-type` (`integer`/`real` → `number`, `date` → `date`, `boolean` → `checkbox`, otherwise `text`, and
         *     `dropdown` when `values` is non-empty).
         * @enum {string}
         */
        MetadataEditorType: "text" | "number" | "date" | "checkbox" | "dropdown" | "input-dropdown" | "date-dropdown" | "password" | "email";
        /**
         * @description A field's validation. `regexp` (ECMAScript syntax, applied to each value of a bag); `min`/`max` bound the
         *     number of `integer`/`real` fields; `helpText` is shown when a value fails (spec 02 §3, §5). null: no rule.
         */
        FieldValidation: {
            regexp: string | null;
            min: number | null;
            max: number | null;
            helpText?: string | null;
        };
        /** @description One choice of a field's `values`: a plain string, or a value with a description to show. */
        FieldValueChoice: string | {
            value: string;
            description?: string;
        };
        /**
         * @description A metadata field's definition (FotoWeb `field` of a field description, fotoweb-api-notes §4; spec 02 §3
         *     "Metadata field definition"). `id` is the field id (5 Title, 25 Keywords…). `max-size` is the longest value
         *     in characters (null: no limit). `multi-instance` fields are bags (values are arrays). `taxonomyHref` is the
         *     field's taxonomy (`/fotoweb/api/taxonomies/<id>/`) or null. `values` lists the choices of dropdown editors
         *     (empty or absent: free input).
         */
        MetadataField: {
            id: number;
            label: string;
            "data-type": components["schemas"]["MetadataDataType"];
            "multi-instance": boolean;
            multiline: boolean;
            "max-size": number | null;
            taxonomyHref: string | null;
            validation: components["schemas"]["FieldValidation"];
            values?: components["schemas"]["FieldValueChoice"][];
        };
        /**
         * @description Magpie: field options of the view (spec 02 §3 "Field options") that clients need. `cancelEditOnBlur`: leaving
         *     the field reverts the edit; `placeholderText`, `emptyValueMessage`: texts to show; `labelPlacement`.
         */
        FieldOptions: {
            cancelEditOnBlur?: boolean;
            placeholderText?: string;
            emptyValueMessage?: string;
            /** @enum {string} */
            labelPlacement?: "left" | "top" | "none" | "right";
        };
        /**
         * @description A field as a metadata view shows it (FotoWeb field description, fotoweb-api-notes §4): the field definition
         *     plus the view's rules. `isWritable: false` fields are read-only; `required` fields must not be empty;
         *     `taxonomy-only` fields take only values from the taxonomy at `field.taxonomyHref`. Magpie adds `editor` and
         *     `options`. The web client's `FieldDefinition` (packages/machines fieldValidation.ts) is this flattened:
         *     `fieldDefinitionOf()` in `@magpie/api-types` does it.
         */
        FieldDescription: {
            field: components["schemas"]["MetadataField"];
            isWritable: boolean;
            required: boolean;
            "taxonomy-only": boolean;
            editor?: components["schemas"]["MetadataEditorType"];
            options?: components["schemas"]["FieldOptions"];
        };
        /**
         * @description What one line of a thumbnail shows (fotoweb-api-notes §4 `thumbnailFields`): `valueStore` `filename` (the
         *     label: the file name, `field` null) or `metadata` (the field `field` describes; null when the view maps no
         *     field to that line), with the view's rules for the field, and the client kinds (`views`) that show it.
         */
        ThumbnailFieldDescription: {
            field: components["schemas"]["MetadataField"] | null;
            /** @enum {string} */
            valueStore: "filename" | "metadata";
            views: ("mobile" | "desktop" | "widgets" | "web" | "pro")[];
            isWritable: boolean;
            required: boolean;
            "taxonomy-only": boolean;
        };
        /** @description The field each built-in field maps to (fotoweb-api-notes §4, title→5, description→120, tags→25, status→10, rating→320, notes→230 by default); null when the view does not map it. */
        BuiltinFieldDescriptions: {
            title: components["schemas"]["FieldDescription"] | null;
            description: components["schemas"]["FieldDescription"] | null;
            tags: components["schemas"]["FieldDescription"] | null;
            status: components["schemas"]["FieldDescription"] | null;
            rating: components["schemas"]["FieldDescription"] | null;
            notes: components["schemas"]["FieldDescription"] | null;
        };
        /** @description A named group of fields in the view's detail panel, in display order. */
        DetailRegion: {
            name: string;
            fields: components["schemas"]["FieldDescription"][];
        };
        /**
         * @description A metadata view (`metadata-set`, fotoweb-api-notes §4). Every field a client may show or edit is in
         *     `detailRegions`; `builtinFields` repeat the descriptions of the fields that play the built-in roles;
         *     `thumbnailFields` say what an asset's thumbnail shows (the asset's own `thumbnailFields` carry the values):
         *     the file name as the label, the title field on the first line and the tags field on the second.
         */
        MetadataView: {
            id: string;
            href: string;
            name: string;
            preserveModificationTime: boolean;
            builtinFields: components["schemas"]["BuiltinFieldDescriptions"];
            detailRegions: components["schemas"]["DetailRegion"][];
            thumbnailFields: {
                label: components["schemas"]["ThumbnailFieldDescription"];
                firstLine: components["schemas"]["ThumbnailFieldDescription"];
                secondLine: components["schemas"]["ThumbnailFieldDescription"];
                additionalFields: components["schemas"]["ThumbnailFieldDescription"][];
            };
        };
        /**
         * @description Magpie: body of `PUT /fotoweb/editors/{id}`. `builtinFields` maps each built-in role to a field id of the
         *     regions (null: none); the descriptions are taken from the regions.
         */
        MetadataViewUpdate: {
            name: string;
            preserveModificationTime?: boolean;
            builtinFields: {
                title: number | null;
                description: number | null;
                tags: number | null;
                status: number | null;
                rating: number | null;
                notes: number | null;
            };
            detailRegions: components["schemas"]["DetailRegion"][];
        };
        /**
         * @description Magpie: whether the asset's metadata is in its original file. `pending`: a change waits for the background
         *     write; `written`: the file holds the stored metadata (XMP, plus IPTC IIM where the format has it);
         *     `unsupported`: ExifTool cannot write this format, so the metadata lives in Magpie only; `failed`: the write
         *     failed after retries (`message` says why; the metadata is safe in Magpie). Absent on FotoWeb.
         */
        MetadataWriteback: {
            /** @enum {string} */
            status: "pending" | "written" | "unsupported" | "failed";
            message: string | null;
        };
        AssetHref: {
            href: string;
        };
        /** @description One field to set on every asset of a batch edit; `value` as in `MetadataValue` (`[]` clears a bag). */
        JobMetadataField: {
            field: number;
            value: string | string[];
        };
        /** @description `metadata-edit-request` (fotoweb-api-notes §6.2): set `job-metadata` on every asset of `assets`. */
        MetadataEditRequest: {
            assets: components["schemas"]["AssetHref"][];
            "job-metadata": components["schemas"]["JobMetadataField"][];
        };
        /** @description `duplicate-request` (spec 01 §7 duplicate `assets[href, revision]`): copy each asset, at a revision when given. */
        DuplicateRequest: {
            assets: {
                href: string;
                /** @description The revision number to copy; absent for the asset as it is now. */
                revision?: number;
            }[];
        };
        /** @description The assets a file operation works on (1–1000 asset hrefs). */
        AssetHrefs: {
            href: string;
        }[];
        /** @description `rename-request` (spec 01 §7 rename `assets[href], job-filename`): one asset, its new file name. */
        RenameRequest: {
            assets: {
                href: string;
            }[];
            "job-filename": string;
        };
        /** @description `move-request` and `copy-request` (fotoweb-api-notes §6.2): the assets and where they go. */
        MoveRequest: {
            assets: components["schemas"]["AssetHrefs"];
            /** @description An archive or folder href (`/fotoweb/archives/<id>/` or below). */
            "job-destination": string;
        };
        /** @description `rotate-request` (fotoweb-api-notes §6.2): turn each asset's image. */
        RotateRequest: {
            /**
             * @description `cw` 90° clockwise, `ccw` 90° counter-clockwise, `180` upside down.
             * @enum {string}
             */
            direction: "cw" | "ccw" | "180";
            assets: components["schemas"]["AssetHrefs"];
        };
        /** @description `delete-request` (fotoweb-api-notes §6.2): move each asset to the trash. */
        DeleteRequest: {
            assets: components["schemas"]["AssetHrefs"];
        };
        /** @description A search to save as a smart folder (issue 13). */
        SmartFolderCreate: {
            name: string;
            /** @description The search URL (`/fotoweb/archives/<archive>/[<folders>/]?q=…`), with its criteria. */
            searchHref: string;
        };
        /** @description What to change of a smart folder (at least one). */
        SmartFolderUpdate: {
            name?: string;
            searchHref?: string;
            position?: number;
        };
        /** @description The assets to download as one ZIP (1–10,000 asset hrefs). */
        DownloadRequest: {
            assets: {
                href: string;
            }[];
        };
        /**
         * @description FotoWeb's `rendition-request` (fotoweb-api-notes §6.3): the asset's rendition href, and Magpie's optional
         *     conversion (sizes in px; `size` is the longest side, `width`/`height` a bounding box).
         */
        RenditionRequest: {
            /** @description One of an asset's `renditions[].href`. */
            href: string;
            size?: number;
            width?: number;
            height?: number;
            /** @enum {string} */
            format?: "jpg" | "png" | "tif" | "webp";
            /** @description A processing profile's id (instead of the href's last segment). */
            profile?: string;
        };
        /** @description FotoWeb's `rendition-response`. */
        RenditionResponse: {
            /** @description Where the rendition is downloaded once ready (the caller's only, for one hour). */
            href: string;
        };
        /** @description A processing profile as an administrator sets it (Magpie). */
        ProcessingProfileInput: {
            name: string;
            /** @description The longest side in px, or null to keep the original's size. */
            size: number | null;
            /** @enum {string} */
            format: "jpg" | "png" | "tif" | "webp";
            quality: number;
            /**
             * @description Stamp the watermark of the asset's archive (`Renditions.WatermarkId`) on the profile's images. An archive
             *     without a watermark gives them unstamped.
             * @default false
             */
            watermark?: boolean;
        };
        /** @description A processing profile (Magpie); `id` is a GUID, the last segment of the renditions' hrefs. */
        ProcessingProfile: {
            id: string;
            href: string;
            name: string;
            size: number | null;
            /** @enum {string} */
            format: "jpg" | "png" | "tif" | "webp";
            quality: number;
            /** @description Whether the profile stamps the archive's watermark on its images. */
            watermark: boolean;
        };
        ProcessingProfileList: {
            data: components["schemas"]["ProcessingProfile"][];
        };
        /**
         * @description A watermark as an administrator sets it (Magpie). `image` (required when creating) is a PNG, JPEG or WebP of
         *     at most 512 KiB and 4,000 px a side, as base64 or a `data:` URL; it is kept as a PNG. `position` is where it is
         *     stamped (`tile` repeats it over the whole image), `opacity` in percent, `scale` its width in percent of the
         *     image's width.
         */
        WatermarkInput: {
            name: string;
            position: components["schemas"]["WatermarkPosition"];
            opacity: number;
            scale: number;
            image?: string;
        };
        /** @enum {string} */
        WatermarkPosition: "center" | "top-left" | "top-right" | "bottom-left" | "bottom-right" | "tile";
        /** @description A watermark (Magpie); `id` is a GUID, `imageHref` serves its image, `width` and `height` its size in px. */
        Watermark: {
            id: string;
            href: string;
            imageHref: string;
            name: string;
            position: components["schemas"]["WatermarkPosition"];
            opacity: number;
            scale: number;
            width: number;
            height: number;
        };
        WatermarkList: {
            data: components["schemas"]["Watermark"][];
        };
        /** @description A prepared ZIP download. */
        DownloadCreated: {
            /** @description Where to download it (its creator, for 24 hours). */
            href: string;
            /** @description The ZIP's file name. */
            name: string;
            assetCount: number;
            /** @description The ZIP's exact size in bytes. */
            size: number;
        };
        /**
         * @description An asset in the trash (Magpie): where it was, who deleted it and when, and when it will be purged. `id` names
         *     the entry in a `TrashUpdate`; `href` is where the asset was (it answers 404 until restored); `previews` are
         *     served to the people who see the entry.
         */
        TrashEntry: {
            id: number;
            href: string;
            filename: string;
            /** @description Bytes. */
            filesize: number;
            archiveName: string;
            archiveHREF: string;
            /** @description The folder it was in ('' for the archive's root). */
            folderPath: string;
            /** Format: date-time */
            deleted: string;
            deletedBy: string;
            /** Format: date-time */
            purgeAfter: string;
            previews: components["schemas"]["Preview"][];
        };
        /**
         * @description The trash (Magpie): the deleted assets of the archives where the caller holds `Delete`, most recently deleted
         *     first (at most 1000; `total` counts them all), and how many days an entry is kept.
         */
        TrashList: {
            data: components["schemas"]["TrashEntry"][];
            total: number;
            retentionDays: number;
        };
        /** @description Restore or purge trash entries by their ids (1–1000 in all). */
        TrashUpdate: {
            restore?: number[];
            purge?: number[];
        };
        /**
         * @description A task's or job's state; clients treat any other value as a failure (spec 01 §4).
         * @enum {string}
         */
        TaskState: "pending" | "inProgress" | "done" | "failed";
        /** @description The answer to creating a task (`metadata-edit-response`). `maxInterval` is the longest wait between polls (ms). */
        BackgroundTaskCreated: {
            location: string;
            status: components["schemas"]["TaskState"];
            maxInterval: number;
        };
        ChangedField: {
            field: number;
            value: string | string[];
        };
        ChangedBuiltinField: {
            field: string;
            value: string | string[];
        };
        /**
         * @description What the task did to one asset. `error` (Magpie) says why an asset failed (`done` false). A duplicate or copy
         *     names the new asset in `result-href` and `result-filename`; a rename or move names the asset's new href and
         *     name there.
         */
        TaskAssetResult: {
            href: string;
            done: boolean;
            "result-href"?: string;
            "result-filename"?: string;
            "changed-fields": components["schemas"]["ChangedField"][];
            "changed-builtinFields": components["schemas"]["ChangedBuiltinField"][];
            error?: components["schemas"]["ErrorBody"] | null;
        };
        /**
         * @description `task-status` (fotoweb-api-notes §6.2). `job.updates.frequency` (ms) is the wait before the next poll (spec 01
         *     §3 Background job); `job.progress` (Magpie) counts assets processed and in all.
         */
        TaskStatus: {
            task: {
                id: string;
                /** @description `metadata-edit` or `duplicate`. */
                type: string;
                status: components["schemas"]["TaskState"];
                created: string;
                modified: string;
                user: number;
                href: string;
            };
            job: {
                status: components["schemas"]["TaskState"];
                updates: {
                    frequency: number;
                };
                progress: {
                    done: number;
                    total: number;
                };
                result: components["schemas"]["TaskAssetResult"][];
            };
        };
        /**
         * @description `ingest` (the asset as first stored), `metadata` (a metadata edit), `file` (a new version of the file), `rollback`.
         * @enum {string}
         */
        RevisionKind: "ingest" | "metadata" | "file" | "rollback";
        /** @description One field's values before and after (null = empty), labelled from the metadata view (the field id when the view has no such field). */
        FieldChange: {
            field: number;
            label: string;
            before: string | string[] | null;
            after: string | string[] | null;
        };
        /**
         * @description One revision of an asset (spec 01 §3 Revision: id, number; Magpie's shape). `changes` lists what this revision
         *     changed in the metadata; `fileChanged` whether it brought a new file (then `filesize` and `contentHash` are
         *     the new file's). `current` marks the newest revision. `rolledBackTo` names the revision a rollback restored.
         */
        Revision: {
            id: string;
            number: number;
            href: string;
            kind: components["schemas"]["RevisionKind"];
            /** @description ISO 8601 date-time. */
            created: string;
            /** @description The user name of who made the revision. */
            createdBy: string;
            comment: string | null;
            current: boolean;
            changes: components["schemas"]["FieldChange"][];
            fileChanged: boolean;
            /** @description The file's size at this revision (bytes). */
            filesize: number;
            /** @description SHA-256 (hex) of the file as received at this revision (before metadata write-back). */
            contentHash: string;
            rolledBackTo: number | null;
        };
        RevisionList: {
            data: components["schemas"]["Revision"][];
            paging: null;
        };
        /** @description Body of `POST …/__revisions/compare` (spec 01 §7): two revision numbers. */
        RevisionCompareRequest: {
            leftRevision: number;
            rightRevision: number;
        };
        /** @description `differences[].before` is the left revision's value, `after` the right one's. */
        RevisionComparison: {
            leftRevision: number;
            rightRevision: number;
            differences: components["schemas"]["FieldChange"][];
            fileDiffers: boolean;
        };
        /** @description Body of `POST …/__revisions/{revision}/rollback-to`; `rollbackType` defaults to `all`. */
        RollbackToRequest: {
            /** @enum {string} */
            rollbackType?: "all" | "metadata" | "file";
        };
        /** @description Create an upload task (FotoWeb `BatchUploadCreate`, Upload API §1). */
        UploadRequest: {
            /** @description A collection `href` (archive or folder), or an asset `href` to upload a new revision. */
            destination: string;
            /** @description A folder path below a collection destination (`a/b`), created when missing; each folder name follows the file-name rules. */
            folder?: string | null;
            /** @description The file name, without `\ / : * ? " < > |` (spec 01 §5), control characters or bidirectional controls; at most 255 bytes in UTF-8, extension included. */
            filename: string;
            /** @description The exact file size in bytes. */
            fileSize: number;
            /** @description True when an XMP sidecar follows (`/xmp`, not in Magpie yet). */
            hasXmp?: boolean;
            /** @description Revision comment (new revisions). */
            comment?: string | null;
            /** @description Must be null (FotoWare plug-ins only). */
            checkoutId?: string | null;
            metadata?: components["schemas"]["UploadMetadata"];
        };
        /** @description Metadata applied on upload. */
        UploadMetadata: {
            fields?: components["schemas"]["UploadMetadataField"][];
            attributes?: components["schemas"]["UploadMetadataAttribute"][];
        };
        UploadMetadataField: {
            /** @description The field id (as `MetadataField.id`). */
            id: number;
            /**
             * @description Defaults to `add`.
             * @enum {string}
             */
            action?: "add" | "append" | "prepend" | "erase";
            value?: string | string[];
        };
        UploadMetadataAttribute: {
            key: string;
            value: string;
        };
        /** @description The created upload task (FotoWeb `BatchUploadInfo`). */
        UploadInfo: {
            /** @description 128 random bits, base64url. */
            id: string;
            /** @description Chunk size in bytes; every chunk but the last has exactly this size. */
            chunkSize: number;
            /** @description Number of chunks to send (`ceil(fileSize / chunkSize)`, at least 1). */
            numChunks: number;
            hasXmp: boolean;
        };
        /** @description The multipart body of a chunk. */
        ChunkUpload: {
            /** Format: binary */
            chunk: string;
        };
        /** @description An upload task's status (FotoWeb `BatchUploadStatus`). `result` is set when done, `error` when failed. */
        UploadStatus: {
            /** @enum {string} */
            status: "awaitingData" | "pending" | "inProgress" | "done" | "failed";
            result: components["schemas"]["UploadResult"] | null;
            error: components["schemas"]["UploadError"] | null;
        };
        UploadResult: {
            /** @description The new asset's `href`. */
            assetUrl: string;
            /**
             * @description The asset as `GET <assetUrl>` answers the uploader (FotoWeb `BatchUploadStatusResult.assetDetails`): for a
             *     finished upload, and for a `DuplicateAsset` the existing asset; absent when the uploader may not view it.
             */
            assetDetails?: components["schemas"]["Asset"];
        };
        UploadError: {
            /** @description An `ErrorBody` symbol, e.g. `DuplicateAsset`, `UploadExpired`, `AssemblyFailed`, `InternalError`. */
            value: string;
            message: string;
        };
        /** @description A free-form preference group (JSON object). */
        PreferenceGroup: {
            [key: string]: unknown;
        };
        /** @description The user's preferences, four free-form groups (spec 01 §3). */
        UserPreferences: {
            intranet: components["schemas"]["PreferenceGroup"];
            shared: components["schemas"]["PreferenceGroup"];
            pro: components["schemas"]["PreferenceGroup"];
            public: components["schemas"]["PreferenceGroup"];
        };
        /** @description A partial update (`user-preferences-update`, spec 03 §7); see the PATCH operation for merge rules. */
        UserPreferencesUpdate: {
            data: {
                intranet?: components["schemas"]["PreferenceGroup"];
                shared?: components["schemas"]["PreferenceGroup"];
                pro?: components["schemas"]["PreferenceGroup"];
                public?: components["schemas"]["PreferenceGroup"];
            };
        };
        /** @description `{name}`: the name of a folder to make (`folder-creation-info`) or the new name of one (`folder-update`). */
        FolderName: {
            name: string;
        };
        /** @description What to change of a folder or of an archive's tile (at least one; an archive takes no `name`); see `renameFolder`. */
        FolderUpdate: {
            name?: string;
            color?: string | null;
            iconCharacter?: string | null;
            poster_asset?: string | null;
        };
        /**
         * @description What a pin points at (`taxonomyItem`, an archive's search for one taxonomy item).
         * @enum {string}
         */
        PinType: "asset" | "archive" | "folder" | "album" | "taxonomyItem";
        /**
         * @description One pin (spec 01 §3 Pins; shapes unknown in FotoWeb's documents, fotoweb-api-notes §9, so Magpie's own): the
         *     pinned thing's href, what it is, its name, when it was pinned, and its representation for a tile.
         */
        Pin: {
            /** @description The pinned asset's, archive's, folder's or album's href (the one to send back to unpin). */
            href: string;
            type: components["schemas"]["PinType"];
            /** @description The asset's file name, or the archive's, folder's or album's name. */
            name: string;
            /** Format: date-time */
            pinned: string;
            /** @description The asset (for `type` asset). */
            asset?: components["schemas"]["Asset"];
            /** @description The archive, folder or album, without its assets and children (for `type` archive, folder and album). */
            collection?: components["schemas"]["CollectionInfo"];
        };
        /** @description The user's pins, newest first, and the site's limit. */
        PinList: {
            data: components["schemas"]["Pin"][];
            paging: null;
            /** @description The most pins a user may have (`MAGPIE_PIN_LIMIT`). */
            limit: number;
        };
        /** @description The pins after a POST, and how many of the hrefs sent were added (0 at the pin limit). */
        PinsAddResult: components["schemas"]["PinList"] & {
            added: number;
        };
        /** @description An href to pin, as a string or `{href}`. */
        PinHref: string | {
            href: string;
        };
        /** @description `{data: [href]}` (spec 01 §7 POST on the pins url). */
        PinsAdd: {
            data: components["schemas"]["PinHref"][];
        };
        /** @description `{assets: {delete: [href]}}` (spec 01 §7 PATCH on the pins url). */
        PinsRemove: {
            assets: {
                delete: string[];
            };
        };
        /** @description `POST /fotoweb/me/albums/` body: the name (1 to 200 characters after trimming) and an optional description. */
        AlbumCreate: {
            name: string;
            description?: string;
        };
        /** @description `PATCH` on an album: every key optional, applied together. */
        AlbumUpdate: {
            /** @description Show the album on the home page, among the public albums (needs `albums.showOnHomepage`). */
            showOnHomepage?: boolean;
            name?: string;
            description?: string;
            /** @description An asset href of the album to show as its cover, or null to clear it. */
            poster_asset?: string | null;
            assets?: {
                delete: string[];
            };
            /** @description Relocation (spec 01 §2): `assets` of the album go to the `top`, the `bottom`, or `before` / `after` the asset `target`, in the order given. */
            move?: {
                assets: string[];
                /** @enum {string} */
                to: "top" | "bottom" | "before" | "after";
                target?: string;
            };
            archived?: boolean;
            /**
             * @description Only `false` (restore a deleted album); an album is deleted with DELETE.
             * @enum {boolean}
             */
            deleted?: false;
        };
        /** @description A share link of an album (`type` `everyone` of FotoWeb's sharing). */
        ShareLink: {
            /** @enum {string} */
            type: "everyone";
            /** @description The link's own href, to revoke it (`removeShares`). */
            href: string;
            /** @description The public page's URL, to give to people. */
            sharedHREF: string;
            acl: ("view" | "preview" | "download")[];
            /** @description When it stops working (ISO 8601), or null. */
            expires: string | null;
            hasPassword: boolean;
            created: string;
        };
        /** @description A share of an album with a user or a group (FotoWeb `sharing` `type` `user` / `group`). */
        PersonShare: {
            /** @enum {string} */
            type: "user" | "group";
            /** @description The user's or group's href (also what `removeShares` names). */
            href: string;
            /** @description The user's full name (or user name), or the group's name. */
            name: string;
            acl: ("view" | "preview" | "download" | "contribute")[];
            /** @description The album's href, where they open it. */
            sharedHREF: string;
            created: string;
        };
        /** @description A comment on an album (Magpie; spec 03 §3.3 `albums.comment`). */
        AlbumComment: {
            /** @description The comment's href (to delete it). */
            href: string;
            /** @description What was written, as written (1 to 2,000 characters). */
            text: string;
            /** Format: date-time */
            created: string;
            /** @description Who wrote it; `href` null once that user was deleted (then `name` is "Former user"). */
            author: {
                name: string;
                href: string | null;
            };
            /** @description Whether the caller may delete it (its author, the album's owner, `moderateComments`). */
            allowDelete: boolean;
        };
        /** @description An album's comments, oldest first (`GET <album>/.comments/`). */
        AlbumCommentList: {
            data: components["schemas"]["AlbumComment"][];
            /** @description Whether the caller may add a comment (`albums.comment`; the album neither archived nor deleted). */
            canComment: boolean;
        };
        /** @description A new comment: `POST <album>/.comments/`. */
        AlbumCommentCreate: {
            text: string;
        };
        /** @description An album's sharing (FotoWeb `sharing`): its share links, and the users and groups it is shared with. */
        AlbumSharing: {
            href: string;
            originalHref: string;
            shares: (components["schemas"]["ShareLink"] | components["schemas"]["PersonShare"])[];
        };
        /** @description FotoWeb's `people-list`, the people search's answer (fotoweb-api-notes §8). */
        PeopleList: {
            data: {
                /** @enum {string} */
                type: "user" | "group";
                display_name: string;
                /** @description The user name, or the group's name. */
                unique_name: string;
                href: string;
            }[];
            paging: null;
        };
        /** @description FotoWeb's `sharing-update`, for share links. */
        AlbumSharingUpdate: {
            addShares?: {
                /** @enum {string} */
                type: "everyone" | "user" | "group";
                /** @description The user's or group's href (`user` and `group` only). */
                href?: string;
                acl: ("view" | "preview" | "download" | "contribute")[];
                /** Format: date-time */
                expires?: string;
                password?: string;
            }[];
            removeShares?: {
                /** @enum {string} */
                type: "everyone" | "user" | "group";
                href: string;
            }[];
        };
        /** @description FotoWeb's `sharing-link-list`. */
        AlbumSharingLinkList: {
            addedShares: {
                type: string;
                acl: string[];
                sharedHREF: string;
            }[];
        };
        /** @description An asset as a share link shows it. */
        SharedAsset: {
            id: string;
            filename: string;
            title: string;
            width: number | null;
            height: number | null;
            previews: components["schemas"]["Preview"][];
            /** @description The original's URL when the link allows downloads, else null. */
            download: string | null;
        };
        /** @description What a share link shows (`GET /fotoweb/shares/{token}/`). */
        SharedAlbum: {
            name: string;
            description: string;
            assetCount: number;
            download: boolean;
            expires: string | null;
            assets: components["schemas"]["SharedAsset"][];
            paging: components["schemas"]["Paging"] | null;
        };
        ShareUnlock: {
            password: string;
        };
        ShareAccessGrant: {
            access: string;
            expires: string | null;
        };
        /** @description What `POST` on an album added. */
        AlbumAssetsAdded: {
            /** @description How many assets were new to the album. */
            added: number;
            album: components["schemas"]["CollectionInfo"];
        };
        /**
         * @description A usage flag of a taxonomy item (fotoweb-api-notes §7; spec 02 §6): `Set` its value can be assigned to a
         *     field, `Query` it can be used in searches, `Navigate` its children can be browsed, `Hint` unused (FotoWare).
         * @enum {string}
         */
        TaxonomyAcl: "Navigate" | "Query" | "Set" | "Hint";
        /** @description An ancestor of a taxonomy item (`TaxonomyAncestors`). */
        TaxonomyAncestor: {
            name: string;
            href: string;
        };
        /** @description A taxonomy's properties (fotoweb-api-notes §7). `href` and `taxonomyHref` are both the taxonomy's URL. */
        TaxonomyInfo: {
            /** @example Keyword */
            name: string;
            /** @example Keywords */
            pluralName: string;
            description: string;
            /** @description The taxonomy has top-level items. */
            hasChildren: boolean;
            /**
             * @description The metadata field id.
             * @example 25
             */
            field: number;
            /** @example /fotoweb/api/taxonomies/25/ */
            href: string;
            taxonomyHref: string;
        };
        /** @description A taxonomy with one page of its top-level items (or of search results). */
        Taxonomy: components["schemas"]["TaxonomyInfo"] & {
            items: components["schemas"]["TaxonomyItemList"];
        };
        /** @description A page of taxonomies. */
        TaxonomyList: {
            data: components["schemas"]["TaxonomyInfo"][];
            paging: components["schemas"]["Paging"];
        };
        /**
         * @description A taxonomy item (fotoweb-api-notes §7; spec 02 §3). `href` identifies it: GET it for its children, POST to it
         *     to add a child, PUT to change it, DELETE to remove it. `hasChildren` is false for callers who may not
         *     navigate into it.
         */
        TaxonomyItemInfo: {
            /** @description The label. */
            name: string;
            description: string;
            hasChildren: boolean;
            field: number;
            /** @example /fotoweb/api/taxonomies/25/1042 */
            href: string;
            taxonomyHref: string;
            acl: components["schemas"]["TaxonomyAcl"][];
            /** @description The metadata value the item sets and searches for. */
            value: string;
            /** @description A search expression used instead of `<field>:"<value>"` when searching by this item ('' for none). */
            customSearch: string;
            /** @description Magpie, in search results and `info` answers only. */
            ancestors?: components["schemas"]["TaxonomyAncestor"][];
        };
        /** @description An item found by a taxonomy search or by `info`, with its ancestors. */
        TaxonomySearchItem: components["schemas"]["TaxonomyItemInfo"] & {
            ancestors: components["schemas"]["TaxonomyAncestor"][];
        };
        /** @description An item with its ancestors (top-level first) and one page of its children. */
        TaxonomyItem: components["schemas"]["TaxonomyItemInfo"] & {
            children: components["schemas"]["TaxonomyItemList"];
            ancestors: components["schemas"]["TaxonomyAncestor"][];
        };
        /** @description A page of items sorted by name; search results carry `ancestors`. `paging` links all carry `;p=`. */
        TaxonomyItemList: {
            data: components["schemas"]["TaxonomyItemInfo"][];
            paging: components["schemas"]["Paging"];
        };
        /** @description A new taxonomy (fotoweb-api-notes §7). `name` defaults to `pluralName`. */
        TaxonomyCreationInfo: {
            field: number;
            name?: string;
            pluralName: string;
            description?: string;
        };
        /** @description A taxonomy's new names. */
        TaxonomyUpdate: {
            name?: string;
            pluralName: string;
            description?: string;
        };
        /** @description A new item (spec 02 §3 default: acl Navigate, Query and Set; value from the name). */
        TaxonomyItemCreationInfo: {
            name: string;
            value?: string;
            description?: string;
            customSearch?: string;
            acl?: components["schemas"]["TaxonomyAcl"][];
        };
        /** @description An item's new fields (the edit modal, spec 02 §2, §5). */
        TaxonomyItemUpdate: {
            name: string;
            value: string;
            description?: string;
            customSearch?: string;
            acl: components["schemas"]["TaxonomyAcl"][];
        };
        /** @description Item ids or names, as FotoWare's array or as `{txnm}` (spec 02 §7); 1–1000 strings. */
        TaxonomyInfoRequest: string[] | {
            txnm: string[];
        };
        /** @description The text file's content (Magpie), at most 1,000,000 characters. */
        TaxonomyImportRequest: {
            text: string;
        };
        /** @description What a text import did. */
        TaxonomyImportResult: {
            field: number;
            /** @description Items added. */
            created: number;
            /** @description Lines that named an item already there. */
            existing: number;
        };
        /** @description A custom property (spec 03 §3.10), `key` and `value` both non-empty. */
        Property: {
            key: string;
            value: string;
        };
        /** @description Custom properties (spec 03 §3.1, §3.2), at most 100. Writing it replaces the whole list. */
        PropertyBag: components["schemas"]["Property"][];
        /** @description An SSO identity of a user (FotoWare `ExternalId`). */
        ExternalId: {
            provider: string;
            id: string;
        };
        /**
         * @description A license level (Magpie's numbers; FotoWare's are not public; plan Q9): 0 None, 10 Portal, 20 Consumer,
         *     30 Contributor, 35 Standard, 40 Plus, 50 Main, 60 Editor, 70 Pro (`USER_LICENSE_LEVELS`).
         * @enum {integer}
         */
        UserLicenseLevel: 0 | 10 | 20 | 30 | 35 | 40 | 50 | 60 | 70;
        /**
         * @description A license concurrency mode, 0 Named, 1 Concurrent (`LICENSE_MODES`).
         * @enum {integer}
         */
        LicenseMode: 0 | 1;
        /**
         * @description 1 No charge, 2 Invoice, 4 Credit card, 8 Manual accept (spec 03 §3.1, `PAYMENT_METHODS`).
         * @enum {integer}
         */
        PaymentMethod: 1 | 2 | 4 | 8;
        UserLicense: {
            level: components["schemas"]["UserLicenseLevel"];
            mode: components["schemas"]["LicenseMode"];
        };
        /** @description A user's account (spec 03 §3.1). The password is never returned. */
        UserAccount: {
            /** @description A disabled user cannot log in or refresh a token. */
            isEnabled: boolean;
            /**
             * Format: date-time
             * @description After this instant the user cannot log in (shown as expired); null for never.
             */
            expires: string | null;
            /**
             * Format: date-time
             * @description The last successful login; null for never.
             */
            lastLoginDate: string | null;
            externalIDs: components["schemas"]["ExternalId"][];
            /** @description The user must change the password at the next login (descriptor `isForcePasswordChangeSet`). */
            forcePasswordChange: boolean;
        };
        /**
         * @description A user's address (spec 03 §3.1). Every field is a string, `""` when not set. `firstName`, `lastName` and
         *     `email` are never blank; `organization` is the company.
         */
        UserAddress: {
            firstName: string;
            lastName: string;
            email: string;
            organization: string;
            title: string;
            initial: string;
            streetAddress: string;
            streetAddress1: string;
            streetAddress2: string;
            streetAddress3: string;
            streetAddress4: string;
            city: string;
            state: string;
            zipCode: string;
            country: string;
            phone: string;
            fax: string;
            homepage: string;
            profession: string;
            businessType: string;
        };
        /**
         * @description Address fields to write. `firstName` and `lastName` are 1–100 characters and `email` a valid address of at
         *     most 254 characters, all trimmed and never blank; the others at most 200 characters (`""` clears one).
         */
        UserAddressInput: {
            firstName?: string;
            lastName?: string;
            /** Format: email */
            email?: string;
            organization?: string;
            title?: string;
            initial?: string;
            streetAddress?: string;
            streetAddress1?: string;
            streetAddress2?: string;
            streetAddress3?: string;
            streetAddress4?: string;
            city?: string;
            state?: string;
            zipCode?: string;
            country?: string;
            phone?: string;
            fax?: string;
            homepage?: string;
            profession?: string;
            businessType?: string;
        };
        /** @description The address of a new user; as `UserAddressInput`, with `firstName`, `lastName` and `email` required. */
        UserAddressCreate: {
            firstName: string;
            lastName: string;
            /** Format: email */
            email: string;
            organization?: string;
            title?: string;
            initial?: string;
            streetAddress?: string;
            streetAddress1?: string;
            streetAddress2?: string;
            streetAddress3?: string;
            streetAddress4?: string;
            city?: string;
            state?: string;
            zipCode?: string;
            country?: string;
            phone?: string;
            fax?: string;
            homepage?: string;
            profession?: string;
            businessType?: string;
        };
        /** @description A user's commerce settings (spec 03 §3.1). */
        UserCommerce: {
            accountId: string;
            paymentMethod: components["schemas"]["PaymentMethod"];
            category: string;
            /** @description A discount in percent, 0–100. */
            discount: number;
        };
        /** @description What the caller may do to this user (spec 03 §3.1, §6), computed by the DAM's policy. */
        UserActions: {
            /** @description Change the names, e-mail, company, details and custom properties. */
            update: boolean;
            /** @description Enable, disable, or set the expiry. */
            updateAccountStatus: boolean;
            updateLicense: boolean;
            /** @description Change the groups the user is in (`memberOfHref`). */
            updateMemberships: boolean;
            /** @description Set the password and `forcePasswordChange`. */
            updatePassword: boolean;
            resetDeviceTokens: boolean;
            delete: boolean;
            /** @description Make this user the site owner (only the site owner may, and not for a disabled user). */
            setNewSiteOwner: boolean;
        };
        /**
         * @description A user, admin view (spec 03 §3.1; media type `application/vnd.fotoware.user+json`). `fullName` is
         *     `"<firstName> <lastName>"` and `company` is `address.organization`; both are read-only here.
         */
        User: {
            id: number;
            /** @description `/fotoweb/api/users/<id>`. */
            href: components["schemas"]["Url"];
            username: string;
            fullName: string;
            description: string;
            company: string;
            propertyBag: components["schemas"]["PropertyBag"];
            account: components["schemas"]["UserAccount"];
            address: components["schemas"]["UserAddress"];
            commerce: components["schemas"]["UserCommerce"];
            license: components["schemas"]["UserLicense"];
            isSiteOwner: boolean;
            /** @description False only for the guest user. */
            isMemberOfRegisteredUsers: boolean;
            memberOfHref: components["schemas"]["Url"];
            deviceTokensHref: components["schemas"]["Url"];
            actions: components["schemas"]["UserActions"];
        };
        /**
         * @description A username: 1–64 characters, no control characters, no leading or trailing space, none of `/ \ : * ? " < > |`.
         *     Unique among users regardless of case.
         */
        Username: string;
        /**
         * @description `POST /fotoweb/users/` body (spec 03 §7, §3.1). Omitted fields take `NEW_USER_DEFAULTS`. `confirmPassword`
         *     is the form's own check and is not part of the body.
         */
        UserCreate: {
            username: components["schemas"]["Username"];
            description?: string;
            address: components["schemas"]["UserAddressCreate"];
            account: {
                /** @description Must meet `PASSWORD_RULES` (else 400 `WeakPassword`). */
                password: string;
                forcePasswordChange?: boolean;
                isEnabled?: boolean;
                /** Format: date-time */
                expires?: string | null;
            };
            license?: components["schemas"]["UserLicense"];
            commerce?: components["schemas"]["UserCommercePatch"];
            propertyBag?: components["schemas"]["PropertyBag"];
        };
        /** @description Commerce fields to write; those left out stay (or take the defaults on create). */
        UserCommercePatch: {
            accountId?: string;
            paymentMethod?: components["schemas"]["PaymentMethod"];
            category?: string;
            discount?: number;
        };
        /**
         * @description `PATCH <user href>` body (spec 03 §7, §5 "User save"): only the changed fields; every part is optional and a
         *     part's fields left out stay as they are. `propertyBag` replaces the whole list.
         */
        UserUpdate: {
            username?: components["schemas"]["Username"];
            description?: string;
            address?: components["schemas"]["UserAddressInput"];
            account?: {
                password?: string;
                forcePasswordChange?: boolean;
                isEnabled?: boolean;
                /** Format: date-time */
                expires?: string | null;
            };
            license?: {
                level?: components["schemas"]["UserLicenseLevel"];
                mode?: components["schemas"]["LicenseMode"];
            };
            commerce?: components["schemas"]["UserCommercePatch"];
            propertyBag?: components["schemas"]["PropertyBag"];
        };
        /** @description A page of users (spec 03 §3.5; `user-list`). */
        UserList: {
            data: components["schemas"]["User"][];
            /** @description All users matching the query (not only this page). */
            count: number;
            paging: components["schemas"]["Paging"];
        };
        /** @description 1–1000 hrefs of users or groups, as the server gave them. */
        HrefList: string[];
        /**
         * @description `PATCH /fotoweb/users/` body (spec 03 §7 batch update, §2.8; `user-list-update`): the users and the change,
         *     which holds at least one of company (`address.organization`), `license` and `account.isEnabled`/`expires`.
         */
        UserListUpdate: {
            users: components["schemas"]["HrefList"];
            data: {
                address?: {
                    organization: string;
                };
                license?: {
                    level?: components["schemas"]["UserLicenseLevel"];
                    mode?: components["schemas"]["LicenseMode"];
                };
                account?: {
                    isEnabled?: boolean;
                    /** Format: date-time */
                    expires?: string | null;
                };
            };
        };
        /** @description A user a batch call left alone, and why (`value` an `ErrorBody` symbol, e.g. `Forbidden`, `NotFound`, `SiteOwnerProtected`, `out_of_licenses`). */
        SkippedUser: {
            href: string;
            value: string;
            message: string;
        };
        /** @description The answer to a batch update. */
        UserListUpdateResult: {
            updated: string[];
            skipped: components["schemas"]["SkippedUser"][];
        };
        /** @description `DELETE /fotoweb/users/` body (spec 03 §7; `user-list`). */
        UserDeleteList: {
            users: components["schemas"]["HrefList"];
        };
        /** @description The answer to a batch delete. */
        UserDeleteResult: {
            deleted: string[];
            skipped: components["schemas"]["SkippedUser"][];
        };
        /** @description `{user: <href>}` (spec 03 §7 site owner; `user-reference`). */
        UserReference: {
            user: string;
        };
        /** @description `POST /fotoweb/me/password` body (Magpie). */
        PasswordChange: {
            currentPassword: string;
            /** @description Must meet `PASSWORD_RULES` (else 400 `WeakPassword`). */
            newPassword: string;
        };
        /** @description `POST /fotoweb/password-resets/` body (Magpie; issue 14 "Password reset"). */
        PasswordResetRequest: {
            /**
             * Format: email
             * @description The address the account's user has; compared case-insensitively, spaces around it ignored.
             */
            email: string;
        };
        /** @description `POST /fotoweb/password-resets/` answer (Magpie): the same for every address. */
        PasswordResetAccepted: {
            /** @description "If an account uses that address, a link to reset its password is on its way." */
            message: string;
        };
        /** @description `GET /fotoweb/password-resets/{token}` (Magpie): a link that can still set a password. */
        PasswordResetStatus: {
            /** @description Always true; a link that cannot be used answers 404 or 410 instead. */
            valid: boolean;
            /**
             * Format: date-time
             * @description When the link stops working.
             */
            expires: string;
            /** @description The user whose password the link sets (the password may not contain it, `PASSWORD_RULES`). */
            userName: string;
        };
        /** @description `POST /fotoweb/password-resets/{token}` body (Magpie). */
        PasswordResetCompletion: {
            /** @description The new password; must meet `PASSWORD_RULES` (else 400 `WeakPassword`). */
            password: string;
        };
        /**
         * @description A group permission (spec 03 §3.3), flat: the album permissions are `albums.<name>`. The order is
         *     `GROUP_PERMISSIONS`'. A group's effective permissions include those of every group it is a member of.
         * @enum {string}
         */
        GroupPermission: "albums.create" | "albums.comment" | "albums.showOnHomepage" | "albums.shareWithUsers" | "albums.shareWithGroups" | "albums.shareWithGuests" | "albums.restrictToFriends" | "albums.delegateDownloads" | "uploadArea" | "api" | "isInDesignEditor" | "viewFlows" | "manageFlows" | "changeSiteAppearance" | "approvePendingSignups" | "manageWebhooks" | "shareBookmarks" | "moderateComments" | "manageAlbums" | "manageTaxonomies" | "manageExports" | "inviteUsers" | "approveOrders" | "shareCropAndDownloadPresets" | "manageUsers" | "manageAnnotations" | "manageArchives" | "manageWorkflows" | "manageServices" | "audit" | "manageSettings" | "configureConsentForms" | "manageActivityExports" | "manageActivityLogging" | "manageFotostationConfigurations";
        /** @description Group permissions, each at most once. */
        GroupPermissionList: components["schemas"]["GroupPermission"][];
        /** @description The license new members of the group get by default (spec 03 §3.2). */
        GroupLicense: {
            defaultLevel: components["schemas"]["UserLicenseLevel"];
            defaultConcurrencyMode: components["schemas"]["LicenseMode"];
        };
        /** @description What the caller may do to this group (spec 03 §3.2, §6), computed by the DAM's policy. */
        GroupActions: {
            delete: boolean;
            update: boolean;
            /** @description Change the groups this group is in (`memberOfHref`). */
            updateMemberships: boolean;
            /** @description Change its members (`userMembersHref`, `groupMembersHref`). */
            updateMembers: boolean;
            updateSAMLGroupName: boolean;
        };
        /**
         * @description Which built-in group this is (guests 10000, everyone 10001, registered 10002), null for others.
         * @enum {string|null}
         */
        GroupBuiltinKey: "everyone" | "registered" | "guests" | null;
        /**
         * @description A group, admin view (spec 03 §3.2; `application/vnd.fotoware.group+json`). Built-in groups carry
         *     `isBuiltin` and `builtinKey`, so clients never detect them by name; their members are implicit.
         */
        Group: {
            id: number;
            name: string;
            description: string;
            /** @description `/fotoweb/api/groups/<id>`. */
            href: components["schemas"]["Url"];
            memberOfHref: components["schemas"]["Url"];
            groupMembersHref: components["schemas"]["Url"];
            userMembersHref: components["schemas"]["Url"];
            /** @description The SAML group that maps to this group, `""` for none. */
            samlGroupName: string;
            license: components["schemas"]["GroupLicense"];
            /** @description The group's own permissions (not inherited ones). */
            permissions: components["schemas"]["GroupPermissionList"];
            propertyBag: components["schemas"]["PropertyBag"];
            actions: components["schemas"]["GroupActions"];
            /** @description True for every group but Everyone, the guests and Registered Users itself. */
            isMemberOfRegisteredUsers: boolean;
            isBuiltin: boolean;
            builtinKey: components["schemas"]["GroupBuiltinKey"];
        };
        /** @description A group name, 1–100 characters after trimming, not blank; unique regardless of case. */
        GroupName: string;
        /** @description `POST /fotoweb/groups/` body (spec 03 §7). Defaults: no permissions, license 35/0, no properties. */
        GroupCreate: {
            name: components["schemas"]["GroupName"];
            description?: string;
            license?: components["schemas"]["GroupLicense"];
            permissions?: components["schemas"]["GroupPermissionList"];
            propertyBag?: components["schemas"]["PropertyBag"];
            samlGroupName?: string;
        };
        /** @description `PATCH <group href>` body: only the changed fields. `permissions` and `propertyBag` replace the whole list. */
        GroupUpdate: {
            name?: components["schemas"]["GroupName"];
            description?: string;
            license?: {
                defaultLevel?: components["schemas"]["UserLicenseLevel"];
                defaultConcurrencyMode?: components["schemas"]["LicenseMode"];
            };
            permissions?: components["schemas"]["GroupPermissionList"];
            propertyBag?: components["schemas"]["PropertyBag"];
            samlGroupName?: string;
        };
        /** @description A page of groups (spec 03 §3.5; `group-list`). */
        GroupList: {
            data: components["schemas"]["Group"][];
            count: number;
            paging: components["schemas"]["Paging"];
        };
        /** @description A group as pickers and membership lists carry it (spec 03 §3.2). */
        GroupReference: {
            href: components["schemas"]["Url"];
            name: string;
        };
        /** @description The groups a user or group is a direct member of (spec 03 §7; `memberof`), by name. */
        MemberOf: {
            groups: components["schemas"]["GroupReference"][];
        };
        /**
         * @description `{add, remove}` of user or group hrefs (spec 03 §4, §7; `group-list-update`), sent to `memberOfHref`,
         *     `userMembersHref` or `groupMembersHref`. An href in both lists is 400 `InvalidRequest`; adding a present member
         *     or removing an absent one does nothing.
         */
        MemberListUpdate: {
            add?: string[];
            remove?: string[];
        };
        /** @description A member of a group, as the member grids show it. `name` is a user's full name or a group's name. */
        Member: {
            /** @enum {string} */
            type: "user" | "group";
            id: number;
            href: components["schemas"]["Url"];
            name: string;
            /** @description A user's username; null for groups. */
            username: string | null;
            /** @description A user's e-mail; null for groups. */
            email: string | null;
            /** @description A group's description; null for users. */
            description: string | null;
        };
        /** @description A page of a group's direct members of one type (spec 03 §2.5; `member-list`). */
        MemberList: {
            data: components["schemas"]["Member"][];
            count: number;
            paging: components["schemas"]["Paging"];
        };
        /** @description One choice of a license list (spec 03 §3.4). */
        LicenseOption: {
            ValueNumeric: number;
            Label: string;
        };
        /** @description The permissions overview (spec 03 §3.4). */
        ConfigOptions: {
            /** @description The group permissions the group form offers switches for. */
            AvailableGroupPermissions: components["schemas"]["GroupPermission"][];
            /** @description `USER_LICENSE_LEVELS` (None = 0 first). */
            AvailableUserLicenseTypes: components["schemas"]["LicenseOption"][];
            AvailableUserLicenseModes: components["schemas"]["LicenseOption"][];
            /** @description The user levels without None. */
            AvailableGroupLicenseTypes: components["schemas"]["LicenseOption"][];
            AvailableGroupLicenseModes: components["schemas"]["LicenseOption"][];
            /**
             * @description The "Manage site" configuration sections this server has screens for (spec 03 §2.1: the settings menu drops
             *     "Manage site" when the list is empty): the sections of the Manage site page the caller may change, e.g.
             *     `Appearance` with `changeSiteAppearance`.
             */
            AvailableConfigSections: string[];
        };
        /** @description FotoWare `MemberProperty`. */
        BetaProperty: {
            key: string;
            value: string;
        };
        /** @description FotoWare `UserLicenseSettings`, by name (`USER_LICENSE_LEVELS` labels, `LICENSE_MODES` labels). */
        BetaLicense: {
            /** @enum {string} */
            level: "None" | "Portal" | "Consumer" | "Contributor" | "Standard" | "Plus" | "Main" | "Editor" | "Pro";
            /** @enum {string} */
            mode: "Named" | "Concurrent";
        };
        /** @description FotoWare `Address` (`givenName`, `surname`, `middleName` = initial, `streetAddress` as a list). */
        BetaAddress: {
            title?: string;
            givenName: string;
            middleName?: string;
            surname: string;
            organization?: string;
            email: string;
            profession?: string;
            businessType?: string;
            streetAddress: string[];
            city?: string;
            state?: string;
            zipCode?: string;
            country?: string;
            phone?: string;
            fax?: string;
            homepage?: string;
        };
        /**
         * @description FotoWare's Beta `User` (FotoWare API "User Management (Beta)"), answered for `Accept: application/json` on
         *     `/fotoweb/api/users/{id}` and in member lists. Magpie fills `permissions.isSiteOwner`; `account.password` is
         *     never sent.
         */
        BetaUser: {
            id: number;
            /** Format: date-time */
            created?: string | null;
            /** Format: date-time */
            modified?: string | null;
            username: string;
            fullName: string;
            description: string;
            address: components["schemas"]["BetaAddress"];
            license: components["schemas"]["BetaLicense"];
            commerce: {
                accountId: string;
                /** @enum {string} */
                paymentMethod: "NoCharge" | "Invoice" | "CreditCard" | "ManualAccept";
                category: string;
                discount: number;
            };
            account: {
                hasPassword: boolean;
                forcePasswordChange: boolean;
                /** Format: date-time */
                lastLoginDate: string | null;
                /** Format: date-time */
                expires: string | null;
                isEnabled: boolean;
                externalIds: components["schemas"]["ExternalId"][];
                isSsoUser: boolean;
            };
            permissions: {
                isSiteOwner: boolean;
            };
            properties: components["schemas"]["BetaProperty"][];
            isGuest: boolean;
            isBuiltIn: boolean;
            /** @description Magpie answers true for the site owner. */
            isBuiltInAdministrator: boolean;
        };
        /** @description FotoWare `GroupPermissions`, one boolean per `GroupPermission` (`uploadToUploadArea` is `uploadArea`; the album ones nested in `albums`). */
        BetaGroupPermissions: {
            albums?: {
                create?: boolean;
                shareWithGroups?: boolean;
                shareWithUsers?: boolean;
                restrictToFriends?: boolean;
                shareWithGuests?: boolean;
                delegateDownloads?: boolean;
                showOnHomepage?: boolean;
                comment?: boolean;
            };
            uploadToUploadArea?: boolean;
            api?: boolean;
            isInDesignEditor?: boolean;
            viewFlows?: boolean;
            manageFlows?: boolean;
            changeSiteAppearance?: boolean;
            approvePendingSignups?: boolean;
            manageWebhooks?: boolean;
            shareBookmarks?: boolean;
            moderateComments?: boolean;
            manageAlbums?: boolean;
            manageTaxonomies?: boolean;
            manageExports?: boolean;
            inviteUsers?: boolean;
            approveOrders?: boolean;
            shareCropAndDownloadPresets?: boolean;
            manageUsers?: boolean;
            manageAnnotations?: boolean;
            manageArchives?: boolean;
            manageWorkflows?: boolean;
            manageServices?: boolean;
            audit?: boolean;
            manageSettings?: boolean;
            configureConsentForms?: boolean;
            manageActivityExports?: boolean;
            manageActivityLogging?: boolean;
            manageFotostationConfigurations?: boolean;
        };
        /**
         * @description FotoWare's Beta `Group`, answered for `Accept: application/json` on `/fotoweb/api/groups/{id}` and in
         *     member-of lists.
         */
        BetaGroup: {
            id: number;
            /** Format: date-time */
            created?: string | null;
            /** Format: date-time */
            modified?: string | null;
            name: string;
            description: string;
            license: components["schemas"]["BetaLicense"];
            permissions: components["schemas"]["BetaGroupPermissions"];
            properties: components["schemas"]["BetaProperty"][];
            externalIds: components["schemas"]["ExternalId"][];
            isEveryone: boolean;
            isRegisteredUsers: boolean;
            isBuiltIn: boolean;
        };
        /** @description FotoWare `ValueModelInteger`, a count. */
        BetaCount: {
            value: number;
        };
        /** @description FotoWare `ValueModelBoolean` of `PUT /fotoweb/api/users/{id}/enabled`; true enables the user, false disables them. */
        BetaEnabled: {
            value: boolean;
        };
        /** @description FotoWare `MembershipIdListModel`, the ids of groups (at most 1000). */
        BetaMembershipIdList: {
            /** @description Group ids. */
            groups: number[];
        };
        /** @description FotoWare `MemberIdListModel`, the ids of user and group members (at most 1000 each; an absent list is empty). */
        BetaMemberIdList: {
            /** @description User ids. */
            users?: number[];
            /** @description Group ids. */
            groups?: number[];
        };
        /** @description FotoWare `UserLicenseSettings` to write, by name; an absent part keeps its value (a new user or group takes the defaults). */
        BetaLicenseInput: {
            /** @enum {string} */
            level?: "None" | "Portal" | "Consumer" | "Contributor" | "Standard" | "Plus" | "Main" | "Editor" | "Pro";
            /** @enum {string} */
            mode?: "Named" | "Concurrent";
        };
        /** @description FotoWare `CommerceInfo` to write; discount 0–100 percent. */
        BetaCommerceInput: {
            accountId?: string;
            /** @enum {string} */
            paymentMethod?: "NoCharge" | "Invoice" | "CreditCard" | "ManualAccept";
            category?: string;
            discount?: number;
        };
        /**
         * @description FotoWare `Account` to write. `password` is checked against `PASSWORD_RULES` (400 `WeakPassword`) and hashed
         *     with scrypt; `deletePassword: true` removes the password. The read-only parts (`hasPassword`,
         *     `lastLoginDate`, `isSsoUser`) and `externalIds` are ignored.
         */
        BetaAccountInput: {
            password?: string;
            deletePassword?: boolean;
            forcePasswordChange?: boolean;
            isEnabled?: boolean;
            /** Format: date-time */
            expires?: string | null;
        };
        /** @description FotoWare `Address` to write (`givenName`/`surname` are the first and last name, `middleName` the initial). */
        BetaAddressInput: {
            title?: string;
            /** @description First name, trimmed, 1–100 characters. */
            givenName?: string;
            /** @description The initial. */
            middleName?: string;
            /** @description Last name, trimmed, 1–100 characters. */
            surname?: string;
            organization?: string;
            /** Format: email */
            email?: string;
            profession?: string;
            businessType?: string;
            /** @description Street lines, at most 5 (Magpie's streetAddress and streetAddress1–4). */
            streetAddress?: string[];
            city?: string;
            state?: string;
            zipCode?: string;
            country?: string;
            phone?: string;
            fax?: string;
            homepage?: string;
        };
        /** @description A new user's FotoWare `Address`; the first and last name and the e-mail address are required. */
        BetaAddressCreate: {
            title?: string;
            /** @description First name, trimmed, 1–100 characters. */
            givenName: string;
            /** @description The initial. */
            middleName?: string;
            /** @description Last name, trimmed, 1–100 characters. */
            surname: string;
            organization?: string;
            /** Format: email */
            email: string;
            profession?: string;
            businessType?: string;
            /** @description Street lines, at most 5 (Magpie's streetAddress and streetAddress1–4). */
            streetAddress?: string[];
            city?: string;
            state?: string;
            zipCode?: string;
            country?: string;
            phone?: string;
            fax?: string;
            homepage?: string;
        };
        /** @description `POST /fotoweb/api/users` body: FotoWare's Beta `User`, read-only fields ignored. */
        BetaUserCreate: {
            username: components["schemas"]["Username"];
            description?: string;
            address: components["schemas"]["BetaAddressCreate"];
            license?: components["schemas"]["BetaLicenseInput"];
            commerce?: components["schemas"]["BetaCommerceInput"];
            account?: components["schemas"]["BetaAccountInput"];
            properties?: components["schemas"]["PropertyBag"];
        };
        /** @description `PUT /fotoweb/api/users/{id}` body: FotoWare's Beta `User`; the parts given are stored, absent ones kept, read-only fields ignored. */
        BetaUserUpdate: {
            username?: components["schemas"]["Username"];
            description?: string;
            address?: components["schemas"]["BetaAddressInput"];
            license?: components["schemas"]["BetaLicenseInput"];
            commerce?: components["schemas"]["BetaCommerceInput"];
            account?: components["schemas"]["BetaAccountInput"];
            properties?: components["schemas"]["PropertyBag"];
        };
        /** @description `POST /fotoweb/api/groups` body: FotoWare's Beta `Group`, read-only fields and `externalIds` ignored. */
        BetaGroupCreate: {
            name: components["schemas"]["GroupName"];
            description?: string;
            license?: components["schemas"]["BetaLicenseInput"];
            permissions?: components["schemas"]["BetaGroupPermissions"];
            properties?: components["schemas"]["PropertyBag"];
        };
        /** @description `PUT /fotoweb/api/groups/{id}` body: FotoWare's Beta `Group`; the parts given are stored, absent ones kept. */
        BetaGroupUpdate: {
            name?: components["schemas"]["GroupName"];
            description?: string;
            license?: components["schemas"]["BetaLicenseInput"];
            permissions?: components["schemas"]["BetaGroupPermissions"];
            properties?: components["schemas"]["PropertyBag"];
        };
        /** @description An API client of an integration (`client_credentials`), acting as a user or a group. No secret. */
        Application: {
            clientId: string;
            name: string;
            /** @description The href of the user or group the client acts as. */
            actingAs: components["schemas"]["Url"];
            /** @description That user's full name or that group's name. */
            actingAsName: string;
            /** Format: date-time */
            created: string;
            /** @description `/fotoweb/api/config/applications/<clientId>`; DELETE it to revoke. */
            href: components["schemas"]["Url"];
        };
        /** @description A new client, with its secret (shown only here). */
        ApplicationCreated: components["schemas"]["Application"] & {
            /** @description Send it with `client_id` to `POST /fotoweb/oauth2/token` (`grant_type=client_credentials`). */
            clientSecret: string;
        };
        /** @description `POST /fotoweb/api/config/applications` body. */
        ApplicationCreate: {
            name: string;
            /** @description A user's or a group's href. */
            actingAs: string;
        };
        ApplicationList: {
            data: components["schemas"]["Application"][];
        };
        /** @description A legacy API key (`FWAPIToken`), acting as a user. No key. */
        ApiKey: {
            id: number;
            name: string;
            /** @description The href of the user the key acts as. */
            actingAs: components["schemas"]["Url"];
            /** @description That user's full name (or user name). */
            actingAsName: string;
            /** Format: date-time */
            created: string;
            /** @description The user name of the administrator who created it ('' when that user is gone). */
            createdBy: string;
            /**
             * Format: date-time
             * @description When a request last authenticated with it (updated at most once a minute); null when never.
             */
            lastUsed: string | null;
            /** @description `/fotoweb/api/api-keys/<id>`; DELETE it to revoke. */
            href: components["schemas"]["Url"];
        };
        /** @description A new key, with the key itself (shown only here). */
        ApiKeyCreated: components["schemas"]["ApiKey"] & {
            /** @description Send it as the `FWAPIToken` header. */
            key: string;
        };
        /** @description `POST /fotoweb/api/api-keys` body. */
        ApiKeyCreate: {
            name: string;
            /** @description A user's href. */
            actingAs: string;
        };
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
        };
        /**
         * @description (Magpie) What happened to an asset.
         * @enum {string}
         */
        WebhookEvent: "asset.ingested" | "asset.modified" | "asset.deleted";
        /**
         * @description `pending` (not tried yet), `retrying` (an attempt failed; tried again at `nextAttempt`), `delivered` (a 2xx
         *     answer), `failed` (every attempt failed, or the webhook was disabled).
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "retrying" | "delivered" | "failed";
        WebhookAttempt: {
            /** @description 1 for the first. */
            attempt: number;
            /** Format: date-time */
            at: string;
            /** @description The receiver's HTTP status; null when none came (refused, timed out). */
            statusCode: number | null;
            /** @description Why it failed; null when delivered. */
            error: string | null;
            /** @description Milliseconds from sending to the answer or the failure. */
            durationMs: number;
        };
        WebhookDelivery: {
            /** @description The delivery's UUID, the payload's `id`; repeated attempts carry the same one. */
            id: string;
            event: components["schemas"]["WebhookEvent"];
            assetId: number;
            status: components["schemas"]["WebhookDeliveryStatus"];
            attempts: number;
            /** Format: date-time */
            created: string;
            /**
             * Format: date-time
             * @description When a `retrying` delivery is tried again.
             */
            nextAttempt: string | null;
            lastAttempt: components["schemas"]["WebhookAttempt"] | null;
            /** @description Every attempt, first first (in `listWebhookDeliveries` only). */
            attemptLog?: components["schemas"]["WebhookAttempt"][];
        };
        /** @description A registered webhook (spec 03 §2.1 "Webhooks"). No secret. */
        Webhook: {
            id: number;
            url: string;
            events: components["schemas"]["WebhookEvent"][];
            enabled: boolean;
            /** Format: date-time */
            created: string;
            createdBy: string;
            /** @description The latest delivery and its state; null before the first. */
            lastDelivery: components["schemas"]["WebhookDelivery"] | null;
            /** @description `/fotoweb/api/webhooks/<id>`; DELETE it to remove the webhook. */
            href: components["schemas"]["Url"];
            /** @description `/fotoweb/api/webhooks/<id>/deliveries`. */
            deliveries: components["schemas"]["Url"];
        };
        /** @description A new webhook, with its signing secret (shown only here). */
        WebhookCreated: components["schemas"]["Webhook"] & {
            /** @description The HMAC-SHA256 key of `X-Magpie-Signature`. */
            secret: string;
        };
        /** @description `POST /fotoweb/api/webhooks` body. */
        WebhookCreate: {
            /** @description An absolute http or https URL. */
            url: string;
            events: components["schemas"]["WebhookEvent"][];
            /** @description Deliver to it (default true). */
            enabled?: boolean;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
        };
        /**
         * @description What a delivery POSTs (FotoWeb's webhook payload, fotoweb-api-notes §9 "Webhooks", with Magpie's `event` and
         *     `asset`): the asset as the API presents it when the event happened (`permissions` empty: no caller), in
         *     `asset` and in FotoWeb's `data.asset`. FotoWeb's flat fields are strings, as FotoWeb sends them.
         */
        WebhookPayload: {
            /** @description The delivery's UUID; a retried delivery sends the same one. */
            id: string;
            event: components["schemas"]["WebhookEvent"];
            /** @enum {string} */
            type: "asset";
            /** @description FotoWeb's name of the operation; `upload`, `updateMetadata` or `delete`. */
            "operation-name": string;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created: string;
            /** @description The asset's absolute URL (from `MAGPIE_PUBLIC_URL`). */
            href: string;
            title?: string;
            description?: string;
            tags?: string[];
            byline?: string;
            "file-size"?: string;
            "pixel-width"?: string;
            "pixel-height"?: string;
            "preview-href"?: string;
            "thumbnail-href"?: string;
            asset: components["schemas"]["Asset"];
            data: {
                asset: components["schemas"]["Asset"];
            };
        };
        /**
         * @description (Magpie) What an event of the activity log did.
         * @enum {string}
         */
        ActivityAction: "asset.uploaded" | "asset.metadataEdited" | "asset.fileChanged" | "asset.renamed" | "asset.moved" | "asset.copied" | "asset.deleted" | "asset.restored" | "asset.purged" | "asset.rolledBack" | "archive.created" | "archive.changed" | "archive.permissionsChanged" | "archive.deleted" | "user.created" | "user.changed" | "user.deleted" | "group.created" | "group.changed" | "group.deleted" | "group.membersChanged" | "signup.approved" | "signup.rejected" | "order.approved" | "order.rejected" | "site.ownerHandedOver" | "site.customCssSaved" | "site.customCssCleared" | "site.titleBarButtonsChanged" | "site.footerChanged" | "site.consentSettingsChanged" | "site.signupSettingsChanged" | "site.orderSettingsChanged" | "site.activitySettingsChanged" | "site.apiClientRegistered" | "site.apiClientDeleted" | "site.apiKeyCreated" | "site.apiKeyRevoked" | "site.webhookRegistered" | "site.webhookDeleted" | "site.processingProfileCreated" | "site.processingProfileChanged" | "site.processingProfileDeleted" | "site.watermarkCreated" | "site.watermarkChanged" | "site.watermarkDeleted" | "consent.formCreated" | "consent.formChanged" | "consent.formLinked" | "consent.formUnlinked" | "consent.formDeleted" | "login.succeeded" | "login.failed";
        /** @description (Magpie) One event of the activity log, as it was recorded. */
        ActivityEntry: {
            id: number;
            /** Format: date-time */
            at: string;
            user: {
                /** @description The user's id; null for the system (a sweep) or a name that matched no user. */
                id: number | null;
                /** @description The user name at the time (`system` for sweeps). */
                name: string;
                fullName: string;
            };
            action: components["schemas"]["ActivityAction"];
            target: {
                /** @enum {string} */
                kind: "asset" | "user" | "group" | "archive" | "order" | "signup" | "site" | "consentForm";
                id: string | null;
                /** @description The target's href at the time (it may have moved or gone since). */
                href: string | null;
                name: string;
            };
            /** @description What changed, e.g. `fields` (field ids) and `changes` (`field`, `old`, `new`), `from` and `to`. */
            details: {
                [key: string]: unknown;
            };
        };
        /**
         * @description (Magpie; issue 15, spec 03 §3.12 activity logging) What the activity log records: `enabled` switches it all
         *     off, each category switches its actions off (`assets`: asset.* and consent.*; `archives`: archive.*;
         *     `usersAndGroups`: user.* and group.*; `decisions`: signup.* and order.*; `logins`: login.*; `settings`:
         *     site.*). A change of these settings (`site.activitySettingsChanged`) is always recorded. All on by default.
         */
        ActivitySettings: {
            enabled: boolean;
            categories: {
                assets: boolean;
                archives: boolean;
                usersAndGroups: boolean;
                decisions: boolean;
                logins: boolean;
                settings: boolean;
            };
        };
        /** @description (Magpie) A page of the activity log (`listActivity`), newest first. */
        ActivityList: {
            data: components["schemas"]["ActivityEntry"][];
            paging: {
                next: components["schemas"]["UrlOrNull"];
            };
            /** @description The export of these filters (every page), as CSV and as JSON lines. */
            export: {
                csv: string;
                jsonl: string;
            };
            /** @description Days a row is kept. */
            retentionDays: number;
        };
        /**
         * @description Where a message's delivery stands: `queued` waits for its first attempt or a retry (`nextAttempt`); `sent` was
         *     accepted by the SMTP server; `failed` is not tried again (refused for good, or every attempt used; `lastError`
         *     says why); `held` stays in the outbox because no SMTP server is configured (`SMTP_URL`).
         * @enum {string}
         */
        MailStatus: "queued" | "sent" | "failed" | "held";
        /** @description (Magpie) One message of Magpie's mail as the outbox lists it, without its parts. */
        MailMessageSummary: {
            /** @description GET it for the message's parts. */
            href: components["schemas"]["Url"];
            id: number;
            /** @description What the message is for, e.g. `test` (a test message); `password-reset` (a password reset link); `invitation`, `signup-pending` (to approvers), `signup-approved`, `signup-rejected` (invitations and sign-ups). */
            purpose: string;
            /** @description The recipient's address. */
            to: string;
            /** @description The sender it is sent as (`MAGPIE_MAIL_FROM`); null when none is configured. */
            from: string | null;
            subject: string;
            status: components["schemas"]["MailStatus"];
            /** @description Delivery attempts made so far. */
            attempts: number;
            /** @description Why the last attempt failed (the SMTP server's answer or the connection error); null after a success. */
            lastError: string | null;
            /**
             * Format: date-time
             * @description When it was queued.
             */
            created: string;
            /** Format: date-time */
            lastAttempt: string | null;
            /**
             * Format: date-time
             * @description When the next attempt is due, while a retry waits.
             */
            nextAttempt: string | null;
            /**
             * Format: date-time
             * @description When the SMTP server accepted it.
             */
            sent: string | null;
            /** @description The name of the user whose action queued it; null for Magpie itself. */
            requestedBy: string | null;
        };
        /** @description (Magpie) One message with its parts and its delivery (`getMail`). */
        MailMessage: components["schemas"]["MailMessageSummary"] & {
            /** @description The plain-text part; empty once erased. */
            text: string;
            /** @description The HTML part; null when the message has none, or once erased. */
            html: string | null;
            /** @description The RFC 5322 `Message-ID` it is sent with, the same on every attempt. */
            messageId: string;
            /** @description The SMTP server's answer when it accepted the message. */
            smtpResponse: string | null;
            /**
             * Format: date-time
             * @description When its parts were erased (a sensitive message, once sent); null while they are kept.
             */
            erased: string | null;
        };
        /**
         * @description How often an alert tells its user (spec 01 §3); `immediate` is within a minute or so of the ingest.
         * @enum {string}
         */
        AlertInterval: "immediate" | "every_hour" | "every_6_hours" | "every_day" | "every_week" | "every_month";
        /** @description A search alert (spec 01 §3 Alert, with Magpie's additions). */
        Alert: {
            href: string;
            /** @description The href of the archive or folder it watches. */
            collection: string;
            interval: components["schemas"]["AlertInterval"];
            /** @description The search expression new assets must match; empty for every new asset. */
            dtSearchString: string;
            /** @description (Magpie) The watched archive's name, and the folder's path when it watches a folder. */
            collectionName: string;
            /** @description (Magpie) The collection's URL with the alert's search, to open what it finds. */
            searchHref: string;
            /** Format: date-time */
            created: string;
            /**
             * Format: date-time
             * @description (Magpie) When it last looked for new assets; null before the first time.
             */
            lastChecked: string | null;
        };
        AlertList: {
            data: components["schemas"]["Alert"][];
        };
        /** @description The body of `createAlert` (spec 01 §7). */
        AlertCreate: {
            /** @description An archive's or a folder's href. */
            collection: string;
            interval?: components["schemas"]["AlertInterval"];
            /** @description A search expression (default empty, every new asset). */
            dtSearchString?: string;
        };
        /** @description The body of `replaceAlert` and `updateAlert`. */
        AlertUpdate: {
            /** @description The alert's own collection href (an alert does not move). */
            collection?: string;
            interval?: components["schemas"]["AlertInterval"];
            dtSearchString?: string;
        };
        /** @description (Magpie) What an alert found, as the user is told in the app. */
        Notification: {
            id: number;
            /** @description For example `3 new assets in Photos`. */
            title: string;
            /** @description For example `matching "sunset"`, or the first file names. */
            text: string;
            /** @description Where the found assets are (the alert's search), or null when the alert was deleted since. */
            link: string | null;
            assetCount: number;
            /** Format: date-time */
            created: string;
            read: boolean;
            /** @description The href of the alert that made it; null once that alert is deleted. */
            alert: string | null;
        };
        NotificationList: {
            data: components["schemas"]["Notification"][];
            unreadCount: number;
        };
        /** @description FotoWeb's `count`. */
        Count: {
            count: number;
        };
        /**
         * @description `cart`: the user's shopping cart; `pending`: submitted, waiting for an approver; `approved`, `rejected`: decided.
         * @enum {string}
         */
        OrderState: "cart" | "pending" | "approved" | "rejected";
        OrderItem: {
            /** @description The asset's href. */
            asset: string;
            /** @description (Magpie) The asset's file name. */
            filename: string;
            /** @description (Magpie) Its 200 px preview, null when it has none. */
            thumbnail: string | null;
            rendition: {
                /** @description The rendition ordered (the asset's `ORIGINAL`). */
                href: string;
                name: string;
                /** @description Where the orderer downloads the order's files once it is approved and until it expires; else null. */
                download: string | null;
            };
            adminComment: string;
            /** Format: date-time */
            expires: string | null;
            expired: boolean;
        };
        OrderOwner: {
            username: string;
            fullName: string;
            address: {
                email: string;
                firstName: string;
                lastName: string;
            };
        };
        /** @description FotoWeb's `order` (fotoweb-api-notes §9), with Magpie's `id`, `orderData`, `approve`, `reject`. */
        Order: {
            href: string;
            id: number;
            /** @description `ORD-000042`; null for a cart. */
            orderReference: string | null;
            state: components["schemas"]["OrderState"];
            /** Format: date-time */
            created: string;
            /** Format: date-time */
            modified: string;
            /**
             * Format: date-time
             * @description When an approved order's download stops working.
             */
            expires: string | null;
            userComment: string;
            adminComment: string;
            owner: components["schemas"]["OrderOwner"];
            orderItems: components["schemas"]["OrderItem"][];
            /** @description The orderer's answers to the order configuration's fields. */
            orderData: components["schemas"]["SignupFieldValue"][];
            /** @description The ZIP of the ordered files, for the orderer of an approved order that has not expired; else null. */
            download: string | null;
            /** @description Where an approver approves it (a pending order, for holders of `approveOrders`); else null. */
            approve: string | null;
            /** @description Where an approver rejects it; else null. */
            reject: string | null;
        };
        OrderList: {
            data: components["schemas"]["Order"][];
            paging: null;
        };
        /** @description FotoWeb's `cart-update`. */
        CartUpdate: {
            orderItems?: {
                rendition: string;
            }[];
            userComment?: string;
        };
        /** @description A `cart-update` with Magpie's `orderData` and `acceptTerms`. */
        OrderSubmission: {
            orderItems?: {
                rendition: string;
            }[];
            userComment?: string;
            orderData?: components["schemas"]["SignupFieldValue"][];
            acceptTerms?: boolean;
        };
        OrderSubmissionInfo: {
            orderLocation: string;
            orderReference: string;
            /** @description The web app's order history, where the order is shown. */
            checkoutPageLocation: string;
        };
        /** @description FotoWeb's `orderupdate` as an approver sends it with APPROVE or REJECT. */
        OrderDecision: {
            adminComment?: string;
            /**
             * Format: date-time
             * @description When the download stops working (approval only): absent means the default, 14 days from now (`MAGPIE_ORDER_DOWNLOAD_DAYS`); null means it never expires (FotoWare's `orderupdate`: "null if it never expires").
             */
            expires?: string | null;
            orderItems?: {
                rendition: string;
                adminComment?: string;
            }[];
        };
        OrderConfig: {
            fields: components["schemas"]["SignupField"][];
            /** @description The terms an orderer accepts when submitting; null for none. */
            termsAndConditions: string | null;
        };
        /** @description (Magpie; issue 15) The site's footer, Markdown shown in the floating footer of every page. */
        SiteFooter: {
            /** @description CommonMark; `""` for no footer. Raw HTML is not rendered; links only http(s), mailto and site-relative. */
            markdown: string;
            /**
             * Format: date-time
             * @description When an administrator last changed it; null when never.
             */
            modified: string | null;
        };
        /** @description (Magpie; issue 15) A new footer. */
        SiteFooterUpdate: {
            markdown: string;
        };
        /** @description Spec 01 §7 "POST custom CSS url" body. */
        CustomCssUpdate: {
            /** @description The whole stylesheet; empty clears it. At most 262,144 bytes of UTF-8. */
            cssContent: string;
        };
        /** @description A custom title-bar button (spec 02 §3 `customizations.customTitleBarButtons`). */
        TitleBarButton: {
            /** @description Where the button goes, smallest first. */
            index: number;
            /** @description The button's tooltip and accessible name. */
            tooltip: string;
            /** @description An http(s) URL or a site-relative path (`/…`). */
            href: string;
            /** @enum {string} */
            target: "_self" | "_blank";
            /** @description One of the web app's icon names, or null for a plain link icon. */
            icon: ("link" | "help" | "info" | "mail" | "book" | "home" | "star" | "calendar" | "chat" | "globe") | null;
        };
        TitleBarButtonList: {
            data: components["schemas"]["TitleBarButton"][];
        };
        /** @description (Magpie) The site's appearance settings, for the Manage site page. */
        AppearanceSettings: {
            /** @description The CSS's address with its version (the descriptor's `appearance.customCss`); null when none is set. */
            customCss: components["schemas"]["UrlOrNull"];
            cssContent: string;
            /** @description The most bytes of UTF-8 the CSS may have. */
            cssMaxBytes: number;
            titleBarButtons: components["schemas"]["TitleBarButton"][];
        };
        /** @description Spec 02 §3 Cookie consent reply. */
        CookieConsent: {
            banner: {
                title: string;
                body: string;
            };
            /** @description The cookie policy, plain text; paragraphs are separated by a blank line. */
            policy: string;
        };
        /** @description (Magpie) How mail leaves this server. */
        MailDelivery: {
            /**
             * @description `smtp`: through `server`; `outbox`: no SMTP server is configured, so messages are held here.
             * @enum {string}
             */
            mode: "smtp" | "outbox";
            /** @description The SMTP server as `smtp://host:port` or `smtps://host:port`, never its credentials; null in outbox mode. */
            server: string | null;
            /** @description The sender (`MAGPIE_MAIL_FROM`). */
            from: string | null;
            /** @description The address links in mail point at (`MAGPIE_PUBLIC_URL`). */
            publicUrl: string;
        };
        /** @description (Magpie) A page of the outbox (`listMail`), newest first. */
        MailOutbox: {
            data: components["schemas"]["MailMessageSummary"][];
            paging: {
                /** @description The page of older messages; null on the last page. */
                next: components["schemas"]["UrlOrNull"];
            };
            delivery: components["schemas"]["MailDelivery"];
            /** @description POST here for a test message to your own address (`sendTestMail`). */
            sendTest: components["schemas"]["Url"];
        };
        /** @description An empty JSON object (`{}`), the body of FotoWeb's REVOKE and REJECT. */
        EmptyBody: Record<string, never>;
        /**
         * @description `users`: one invited address (the invitation's `email`), used up by its sign-up; `organization`: anyone with
         *     an address at the invitation's domain (`organization`); `link`: anyone who has the link.
         * @enum {string}
         */
        InvitationType: "users" | "organization" | "link";
        /**
         * @description Spec 01 §3 "Invitation (create)" (`createInvitations`). Exactly one of `emails` (non-empty), `organizationDomain`
         *     (non-empty) and `link: true` says the type. Absent fields are empty (`[]`, `""`, `false`).
         */
        InvitationCreate: {
            /** @description Hrefs of the groups the new users join (`/fotoweb/api/groups/<id>`), each once. */
            groups?: string[];
            /** @description The addresses to invite (users type), each once; at most `MAGPIE_MAX_INVITATION_EMAILS` (100 by default). */
            emails?: string[];
            /** @description The domain of the organization type, `host.tld` with optional subdomains (`example.com`). */
            organizationDomain?: string;
            /** @description True for the link type. */
            link?: boolean;
            /** @description A personal message put into the invitation e-mails (users type). */
            message?: string;
            /** @description The administrators' note, shown in the invitation list. */
            description?: string;
            /** @description (Magpie) Sign-ups through these invitations need no approval (when a license seat is free). False by default. */
            approveAutomatically?: boolean;
        };
        /** @description What `createInvitations` made (spec 01 §3). */
        InvitationsCreated: {
            /** @description Invitations created (one per address of the users type; 1 otherwise). */
            totalInvitationsCreated: number;
            /**
             * @description The absolute sign-up link to hand out (`MAGPIE_PUBLIC_URL` + `/fotoweb/views/signup?invitation=<token>`), for
             *     the organization and link types; null for the users type, whose links went by e-mail.
             */
            invitationLink: string | null;
            type: components["schemas"]["InvitationType"];
        };
        /** @description A user who joined through an invitation (spec 03 §2.2 "redeemed by"). */
        InvitationRedeemer: {
            id: number;
            /** @description The user's full name. */
            name: string;
            username: string;
        };
        /**
         * @description An invitation as the management grid shows it (spec 03 §2.2, §3.6): its type (`email` set: users;
         *     `organization` set: organization; neither: link), its sign-up link, its groups and who joined through it.
         */
        Invitation: {
            /**
             * @description The absolute sign-up link (to copy), as `invitationLink`. Null when this server can no longer rebuild it
             *     (its secrets changed since the invitation was made); the link itself still works.
             */
            invitationViewHref: string | null;
            /** @description The invitation, `/fotoweb/invitations/<id>/`. */
            invitationAdminHref: components["schemas"]["Url"];
            /** @description `POST` here to revoke it (`revokeInvitation`): `<invitationAdminHref>revoke`. */
            revoke: components["schemas"]["Url"];
            type: components["schemas"]["InvitationType"];
            /** @description The invited address (users type); null otherwise. */
            email: string | null;
            /** @description The organization's domain (organization type); null otherwise. */
            organization: string | null;
            description: string;
            message: string;
            /** Format: date-time */
            created: string;
            /**
             * Format: date-time
             * @description When the link stops admitting sign-ups; null for never.
             */
            expires: string | null;
            /** @description The names of the groups it grants, by name. */
            groupNames: string[];
            groups: components["schemas"]["GroupReference"][];
            /** @description The users who joined through it (their sign-up approved), oldest first. */
            redeemedBy: components["schemas"]["InvitationRedeemer"][];
            approveAutomatically: boolean;
            /** @description The name of who invited; null when that user is gone. */
            createdBy: string | null;
        };
        /** @description A page of active invitations (`listInvitations`), newest first. */
        InvitationList: {
            data: components["schemas"]["Invitation"][];
            /** @description Active invitations in all. */
            count: number;
            paging: {
                /** @description The page of older invitations; null on the last page. */
                next: components["schemas"]["UrlOrNull"];
            };
        };
        /** @description The groups the caller may give new people (`listGrantableGroups`), by name. */
        GrantableGroupList: {
            data: components["schemas"]["GroupReference"][];
        };
        /** @enum {string} */
        SignupFieldDataType: "text" | "dropdown" | "checkbox";
        /** @description A rule of a text field (spec 03 §3.7 `validation`). */
        SignupFieldValidation: {
            /** @description The message shown when the value breaks the rule (also the 400 issue's message). */
            helpText: string;
            /** @description A JavaScript regular expression (`u` flag) the value must match with `RegExp.test`; anchor it with `^…$` to match the whole value. */
            regex: string;
        };
        /** @description An extra field of the sign-up form (spec 03 §3.7). */
        SignupField: {
            id: string;
            label: string;
            dataType: components["schemas"]["SignupFieldDataType"];
            /** @description The choices of a dropdown field (1–50, distinct); empty for the other types. */
            values: string[];
            /** @description A required text or dropdown field needs a value; a required checkbox must be ticked (`true`). */
            required: boolean;
            /** @description A text field's rule, or null. */
            validation: components["schemas"]["SignupFieldValidation"] | null;
        };
        /** @description The answer to one extra field (spec 03 §3.7 `userData`); a checkbox's value is `true` or `false`. */
        SignupFieldValue: {
            id: string;
            value: string;
        };
        /** @description What a new password must meet (`PASSWORD_RULES`); it must not contain the user name (the e-mail address). */
        PasswordRules: {
            minLength: number;
            maxLength: number;
        };
        /** @description The public sign-up page's form (`getSignupForm`). */
        SignupForm: {
            /**
             * @description The invitation's type, or `open` for open sign-up (no invitation).
             * @enum {string}
             */
            type: "users" | "organization" | "link" | "open";
            /** @description The invited address of a users invitation (the sign-up must use it); null otherwise. */
            email: string | null;
            /** @description The domain the address must be at (organization type); null otherwise. */
            organizationDomain: string | null;
            fields: components["schemas"]["SignupField"][];
            /** @description Whether the account is made at once (else it waits for an administrator). */
            approveAutomatically: boolean;
            /**
             * Format: date-time
             * @description When the invitation stops admitting sign-ups; null for never (and for open sign-up).
             */
            expires: string | null;
            passwordRules: components["schemas"]["PasswordRules"];
        };
        /** @description A person's sign-up (`submitSignup`; spec 01 §3 "Sign-up"). */
        SignupRequest: {
            /** @description The token of the invitation's link; absent for open sign-up. */
            invitation?: string;
            email: string;
            firstName: string;
            lastName: string;
            password: string;
            userData?: components["schemas"]["SignupFieldValue"][];
        };
        SignupSubmitted: {
            /**
             * @description `pending`: an administrator decides; `approved`: the account exists, log in with the address and password.
             * @enum {string}
             */
            status: "pending" | "approved";
        };
        /** @description A pending sign-up (spec 03 §3.7). */
        Signup: {
            /** Format: uuid */
            id: string;
            /** @description The sign-up, `/fotoweb/signups/<id>/` (`PATCH` it). */
            href: components["schemas"]["Url"];
            /** @description `POST` here to approve it (`approveSignup`): `<href>approve`. */
            approve: components["schemas"]["Url"];
            /** @description `POST` here to reject it (`rejectSignup`): `<href>reject`. */
            reject: components["schemas"]["Url"];
            email: string;
            firstName: string;
            lastName: string;
            /** Format: date-time */
            createdDate: string;
            userData: components["schemas"]["SignupFieldValue"][];
            /** @description The groups its invitation grants (the approve-user modal's defaults), by name. */
            groups: components["schemas"]["GroupReference"][];
            /**
             * @description How the person came, through an invitation of this type or by `open` sign-up.
             * @enum {string}
             */
            invitationType: "users" | "organization" | "link" | "open";
        };
        /** @description The pending sign-ups (`listSignups`), oldest first. */
        SignupList: {
            data: components["schemas"]["Signup"][];
            count: number;
            /** @description Whether approving asks for groups (spec 03 §2.10, §6). */
            adminCanAssignGroups: boolean;
            /** @description The extra fields, to label and edit `userData`. */
            fields: components["schemas"]["SignupField"][];
        };
        SignupCount: {
            signupCount: number;
        };
        /** @description A correction of a pending sign-up (spec 03 §7 PATCH); only what is given changes. */
        SignupUpdate: {
            firstName?: string;
            lastName?: string;
            userData?: components["schemas"]["SignupFieldValue"][];
        };
        /** @description FotoWeb's APPROVE body (spec 03 §7 "With groups"). */
        SignupApproval: {
            /** @description Hrefs of the groups the new user joins, each once; absent for the sign-up's own. */
            groups?: string[];
        };
        SignupApproved: {
            /** @description The new user's `href`. */
            href: components["schemas"]["Url"];
            username: string;
        };
        /** @description The sign-up settings (`getSignupSettings`, `updateSignupSettings`). */
        SignupSettings: {
            /** @description Whether people may sign up without an invitation (off by default). */
            openSignup: boolean;
            /** @description Whether approvers choose the new user's groups (on by default). */
            adminCanAssignGroups: boolean;
            fields: components["schemas"]["SignupField"][];
        };
        /**
         * @description FotoWeb's public API descriptor (`api-descriptor`, fotoweb-api-notes §1 "Public descriptor keys"). URLs are
         *     opaque; null where guests have no such thing.
         */
        PublicApiDescriptor: {
            /** @description The product and version, e.g. `Magpie 0.1.0`. */
            server: string;
            /** @description `/fotoweb/`. */
            href: components["schemas"]["Url"];
            /** @description The server's offset from UTC (minutes). */
            utc_offset: number;
            /** @description The public archives (a `collectionlist`). */
            archives: components["schemas"]["Url"];
            /** @description Public albums (`/fotoweb/albums/`, the albums their owners show on the home page). */
            albums: string | null;
            /** @description The taxonomy list. */
            taxonomies: components["schemas"]["Url"];
            services: {
                /** @description Where people sign in (the web app's login view). */
                login: components["schemas"]["Url"];
                /** @description The search across the public archives (`/fotoweb/archives/{?q}`). */
                search: components["schemas"]["Url"];
                /** @description Null (no rendition service yet). */
                rendition_request: string | null;
                /**
                 * @description Magpie: where to ask for a password reset link (`requestPasswordReset`, `/fotoweb/password-resets/`);
                 *     absent or null on a server without password resets.
                 */
                password_reset?: string | null;
            };
            /** @description Magpie; web views a visitor without an account may open. */
            views?: {
                /**
                 * @description The open sign-up page (`/fotoweb/views/signup`, issue 14): present while the sign-up settings' `openSignup`
                 *     is on, so the login view offers "Create an account"; null while it is off (sign-ups then need an
                 *     invitation's link).
                 */
                signup?: string | null;
            };
            /** @description Null (guests start no background tasks). */
            background_tasks: string | null;
            /** @description `/fotoweb/archives/{?q}`. */
            searchURL: components["schemas"]["Url"];
            /** @description Magpie; always true here (the private descriptor says who is signed in). */
            isGuest: boolean;
            /**
             * @description The site's custom CSS (`appearance.customCss`, spec 01 §3; issue 15), the same versioned address as the full
             *     descriptor's, null when none is set; `admin` is always null here. Absent on a server that does not offer it.
             */
            appearance?: components["schemas"]["DescriptorAppearance"];
            /**
             * @description The site's custom title-bar buttons (spec 02 §3 `customizations.customTitleBarButtons`; issue 15), the same
             *     links signed-in callers get, in `index` order; empty when there are none. Absent on a server that does not
             *     offer them.
             */
            customizations?: {
                customTitleBarButtons: components["schemas"]["TitleBarButton"][];
            };
        };
        /**
         * @description A member of an archive's access list (spec 03 §3.9): a user or a group with archive permission ids
         *     (spec 03 §3.11) and an optional `AutoSearch`, a FotoWeb search expression that limits which assets of the
         *     archive the member sees, in every read and search. A person in several members of one list holds the union
         *     of their permissions; when one of those members has no `AutoSearch`, nothing is hidden from them, otherwise
         *     they see the assets that match any of the members' expressions.
         */
        ArchiveMember: {
            /** @description The user's or group's id (10000 is the guest group, 15000 the guest user). */
            Id: number;
            /** @enum {string} */
            MemberType: "user" | "group";
            /** @description The user's full name or the group's name (answered; ignored in requests). */
            Name?: string;
            /** @description The user's or group's description (answered; ignored in requests). */
            Description?: string;
            /** @description A search expression limiting what the member sees; empty for everything. */
            AutoSearch?: string;
            Permissions: string[];
        };
        /** @description A custom property of an archive (spec 03 §3.10). */
        ArchiveProperty: {
            key: string;
            value: string;
        };
        /**
         * @description What a download of the archive's originals goes through (spec 03 §3.8): `ProcessingType` 0 unmodified, 1 a
         *     specific processing profile (`SpecificProcessingProfile`: its id, from `GET /fotoweb/api/config/processingprofiles`),
         *     2 a custom profile set (spec 03 §9; Magpie has no profile sets yet, so 2 does not save). With 1, every
         *     download of the archive's images gives the profile's image instead of the original: the asset's
         *     `__renditions/ORIGINAL`, an ORIGINAL asked of the rendition service, ZIP downloads, approved orders and share
         *     links that allow downloads. Video, documents and audio are given as stored. An image the profile cannot
         *     convert is left out of a ZIP and answers 404 alone.
         */
        ArchiveDownloadProcessing: {
            /** @enum {integer} */
            ProcessingType: 0 | 1 | 2;
            SpecificProcessingProfile?: string | null;
            CustomProcessingProfileSet?: string | null;
        };
        ArchiveSocialSettings: {
            AnnotationsEnabled: boolean;
        };
        /** @description What the collection view offers for moving around the archive (Magpie's shape; spec 03 §3.8 names it only). */
        ArchiveNavigationPaneControl: {
            /** @description The archive's folders are shown as tiles above its assets. */
            ShowFolders: boolean;
        };
        /**
         * @description A value given to a field of every file uploaded to the archive (spec 03 §2.12 "metadata macros"), unless the
         *     upload sets that field itself; it is applied like the upload's own fields. `{username}`, `{fullname}`,
         *     `{date}` (YYYY-MM-DD, UTC) and `{filename}` are replaced. `FieldId` must be a field of the archive's view.
         */
        ArchiveMetadataMacro: {
            FieldId: number;
            Value: string;
        };
        /**
         * @description The Export/Import tab's choices (spec 03 §2.12): the archive's watermark, the quick rendition set and the crop
         *     profile set, each an id from its configuration list or null. `WatermarkId` names a watermark of
         *     `GET /fotoweb/api/config/watermarks`; processing profiles that apply the archive's watermark stamp it on their
         *     renditions and processed downloads of the archive's images (previews are shown without it). Magpie has no
         *     quick rendition or crop profile sets yet, so only null saves for those.
         */
        ArchiveRenditionSettings: {
            WatermarkId?: string | null;
            QuickRenditionSetId?: string | null;
            CropProfileSetId?: string | null;
        };
        /**
         * @description An archive as `createArchiveConfig` and `updateArchiveConfig` take it (spec 03 §3.8). `Id` is ignored (the
         *     URL names the archive). Magpie keeps originals in storage pools and runs with file-system destinations off
         *     (spec 03 §6, `AllowExternalPath` false in `/fotoweb/api/pools`): `Pool` names the pool and `Path` must be
         *     empty (`path_invalid` otherwise, and when neither is given).
         */
        ArchiveConfigInput: {
            Id?: number | null;
            Name: string;
            Description?: string;
            /** @description The id of the metadata view the archive uses (`/fotoweb/api/config/metadataviews`). */
            MetadataSetId: string | null;
            Path?: string | null;
            Pool?: string | null;
            MemberList: components["schemas"]["ArchiveMember"][];
            Properties?: components["schemas"]["ArchiveProperty"][];
            EnableConsentManagement?: boolean;
            /** @description The folder of the archive that uploads land in when they name none ('' or null for the root). */
            InputFolder?: string | null;
            /**
             * @description Where files copied or moved into the archive will land (a folder of the archive; '' for the root). Stored
             *     and checked; Magpie copies and moves files with a later issue.
             */
            InputLocation?: string | null;
            MetadataMacros?: components["schemas"]["ArchiveMetadataMacro"][];
            DownloadProcessing?: components["schemas"]["ArchiveDownloadProcessing"];
            SocialSettings?: components["schemas"]["ArchiveSocialSettings"];
            NavigationPaneControl?: components["schemas"]["ArchiveNavigationPaneControl"];
            Renditions?: components["schemas"]["ArchiveRenditionSettings"];
            SortId?: number;
        };
        /** @description An archive with its configuration and access list, as saved (spec 03 §3.8). */
        ArchiveConfig: {
            Id: number;
            Name: string;
            Description: string;
            MetadataSetId: string;
            Path: string | null;
            Pool: string | null;
            MemberList: components["schemas"]["ArchiveMember"][];
            Properties: components["schemas"]["ArchiveProperty"][];
            EnableConsentManagement: boolean;
            InputFolder: string;
            InputLocation: string;
            MetadataMacros: components["schemas"]["ArchiveMetadataMacro"][];
            DownloadProcessing: components["schemas"]["ArchiveDownloadProcessing"];
            SocialSettings: components["schemas"]["ArchiveSocialSettings"];
            NavigationPaneControl: components["schemas"]["ArchiveNavigationPaneControl"];
            Renditions: components["schemas"]["ArchiveRenditionSettings"];
            SortId: number;
            /** @description `/fotoweb/api/config/archives/<Id>`. */
            href: components["schemas"]["Url"];
            /** @description The archive as a collection (`/fotoweb/archives/<Id>-<Name>/`). */
            collectionHref: components["schemas"]["Url"];
            /** @description How many assets the archive holds. */
            assetCount: number;
        };
        ArchiveConfigList: {
            data: components["schemas"]["ArchiveConfig"][];
            paging: null;
        };
        /**
         * @description A consent form's state (FotoWare's `ConsentFormState`).
         * @enum {string}
         */
        ConsentFormState: "Pending" | "Signed" | "PartiallySigned" | "Declined" | "Revoked";
        /**
         * @description The overall consent status of an asset (FotoWare's `ConsentFormAssetConsentState`; Magpie derives it from the
         *     forms: none `NoConsentInfo`; a declined, revoked or expired form `NoConsent`; all signed `FullConsent`; a
         *     partially signed one `PartialConsent`; else `Pending`).
         * @enum {string}
         */
        AssetConsentState: "NoConsentInfo" | "NoConsentNeeded" | "Pending" | "NoConsent" | "PartialConsent" | "FullConsent" | "MoreConsentNeeded";
        /** @description Consent status of an asset (FotoWare's `ConsentStatus`). */
        ConsentStatus: {
            assetConsentState: components["schemas"]["AssetConsentState"];
            /** @description The usages every valid signed form approves. */
            approvedConsents: components["schemas"]["AssetConsentCategory"][];
            /** @description The usages a declined, revoked or expired form names. */
            declinedConsents: components["schemas"]["AssetConsentCategory"][];
            /** @description `MoreConsentNeeded` while a form is pending or partially signed. */
            ConsentFlags: ("NoConsentNeeded" | "MoreConsentNeeded")[];
            consentFormCount: number;
            countByConsentFormState: {
                consentFormState: components["schemas"]["ConsentFormState"];
                consentFormCount: number;
            }[];
        };
        AssetConsentCategory: {
            key: string;
            title: string;
        };
        /** @description What a consent form records (issue 15). */
        ConsentFormFields: {
            personName: string;
            email?: string | null;
            state: components["schemas"]["ConsentFormState"];
            /** @description When it was signed (YYYY-MM-DD). */
            signed?: string | null;
            /** @description The last day it is valid (YYYY-MM-DD); past it a signed form counts as no consent. */
            expires?: string | null;
            category?: string | null;
            /** @description The uses the person answered on (e.g. web, print, social), at most 20. */
            usages?: string[];
        };
        ConsentFormCreate: components["schemas"]["ConsentFormFields"] & {
            /** @description The hrefs of the assets (1 to 100). */
            assets: string[];
        };
        ConsentFormUpdate: components["schemas"]["ConsentFormFields"];
        ConsentFormAssetLink: {
            href: string;
        };
        ConsentForm: {
            id: number;
            href: string;
            personName: string;
            email: string | null;
            state: components["schemas"]["ConsentFormState"];
            signed: string | null;
            expires: string | null;
            /** @description A signed form past its expiry. */
            expired: boolean;
            category: string | null;
            usages: string[];
            /** @description The linked assets' ids (`uniqueid`) the caller may see. */
            assets: number[];
            /** @description The same assets with their file names, in the order of `assets` (what deleting the form unlinks). */
            linkedAssets: {
                id: number;
                name: string;
            }[];
            created: string;
            modified: string;
            /** @description Whether the caller holds ManageConsentStatus on the form's archives. */
            canManage: boolean;
        };
        ConsentFormList: {
            data: components["schemas"]["ConsentForm"][];
        };
        /** @description A page of consent forms (`listConsentForms`). */
        ConsentFormPage: {
            data: components["schemas"]["ConsentForm"][];
            /** @description All forms matching the query that the caller may see (not only this page). */
            count: number;
            paging: components["schemas"]["Paging"];
        };
        /** @description Consent form settings (spec 03 §3.10; defaults of §9). */
        ConsentFormSettings: {
            companyAbout: string;
            contactEmailAddress: string;
            companyName: string;
            /** @description Days a consent link stays valid (default 30). */
            defaultUrlExpiryDays: number;
            enableConsentForms: boolean;
            pdfRenderCompanyLogo: boolean;
            pdfRenderCompanyLogoInBanner: boolean;
            /** @description What a consent is for (marketing, editorial…); ids unique. */
            categories: components["schemas"]["ConsentCategory"][];
            /** @description The texts a consent form starts from; ids unique. */
            templates: components["schemas"]["ConsentTemplate"][];
            /** @description The languages forms are written in; codes unique, exactly one `isDefault` when the list is not empty. */
            languages: components["schemas"]["ConsentLanguage"][];
            /** @description The fields every new form asks for; ids unique. */
            defaultFields: components["schemas"]["ConsentDefaultField"][];
        };
        /**
         * @description What a consent is for (issue 15; spec 03 §3.10 `categories`). `id`: a letter, then letters, digits, `_` or `-`
         *     (64 at most), unique case-insensitively; `name`: 1–100 characters.
         */
        ConsentCategory: {
            id: string;
            name: string;
        };
        /**
         * @description A language consent forms are written in (spec 03 §3.10 `languages`). `code`: a BCP 47 language tag (`en`,
         *     `nb-NO`), unique case-insensitively; `name`: 1–100 characters; exactly one language of a non-empty list is the
         *     default.
         */
        ConsentLanguage: {
            code: string;
            name: string;
            isDefault: boolean;
        };
        /**
         * @description A consent form's text (spec 03 §3.10 `templates`). `id` as a category's; `name` 1–100 characters (how
         *     administrators find it); `language` the code of a listed language; `title` 1–200 characters; `body` plain text
         *     or Markdown, at most 20,000 characters; `categories` the ids of listed categories the form asks consent for
         *     (no id twice).
         */
        ConsentTemplate: {
            id: string;
            name: string;
            language: string;
            title: string;
            body: string;
            categories: string[];
        };
        /**
         * @description A field every new consent form asks for (spec 03 §3.10 `defaultFields`). `id` as a category's; `label` 1–100
         *     characters; `type` what the person fills in; `required` whether the form needs it.
         */
        ConsentDefaultField: {
            id: string;
            label: string;
            /** @enum {string} */
            type: "text" | "email" | "date" | "checkbox";
            required: boolean;
        };
        /** @description A field of the catalogue (FotoWeb's configuration API, PascalCase; fotoweb-api-notes "Config API"). */
        MetadataFieldInfo: {
            Id: number;
            Name: string;
            GuiLabel: string;
            /** @enum {string} */
            FieldType: "AltLang" | "Bag" | "Seq" | "Single";
            /** @enum {string} */
            ValueType: "Boolean" | "Date" | "Integer" | "Real" | "Text";
            /** @description The namespace's URL ('' for a field kept only in Magpie's database). */
            Namespace: string;
            NamespaceLabel: string;
            MaxSize: number | null;
            /** @description The XMP property, e.g. `dc:title` ('' when none). */
            AdobeName: string;
            IsMultiline: boolean;
            /** @description The field group (`/fotoweb/api/config/metadata/groups`). */
            Group: string;
        };
        MetadataFieldInfoList: components["schemas"]["MetadataFieldInfo"][];
        MetadataNamespace: {
            Url: string;
            Alias: string;
            Name: string;
        };
        MetadataFieldGroup: {
            Name: string;
            FieldCount: number;
            /** @description The group's fields. */
            href: components["schemas"]["Url"];
        };
        ArchiveSummary: {
            Id: number;
            Name: string;
            SortId: number;
        };
        Pool: {
            Id: string;
            Name: string;
            Description: string;
        };
        PoolList: {
            AllowExternalPath: boolean;
            AllowPoolManagement: boolean;
            Pools: components["schemas"]["Pool"][];
        };
        MetadataViewConfig: {
            Id: string;
            Name: string;
            /** @description The view (`metadata-set`; PUT it to change the fields). */
            href: components["schemas"]["Url"];
            /** @description The archives that use the view. */
            UsedBy: components["schemas"]["ArchiveSummary"][];
        };
        MetadataViewConfigList: {
            data: components["schemas"]["MetadataViewConfig"][];
        };
        MetadataViewConfigCreate: {
            Name: string;
            /** @description The id of the view to copy; absent or null for the default view. */
            CopyFrom?: string | null;
        };
        ConfigItemList: {
            data: {
                Id: string;
                Name: string;
            }[];
        };
        /**
         * Format: binary
         * @description Raw bytes.
         */
        Binary: string;
    };
    responses: {
        /** @description A field's taxonomy as `Accept` chooses (or the item list alone for a `;p=` URL). */
        TaxonomyRepresentations: {
            headers: {
                Vary: components["headers"]["Vary"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.fotoware.taxonomy+json": components["schemas"]["Taxonomy"];
                "application/json": components["schemas"]["Taxonomy"];
                "application/vnd.fotoware.taxonomy-info+json": components["schemas"]["TaxonomyInfo"];
                "application/vnd.fotoware.taxonomy-item-list+json": components["schemas"]["TaxonomyItemList"];
            };
        };
        /** @description The full API descriptor. */
        FullApiDescriptor: {
            headers: {
                Vary: components["headers"]["Vary"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.fotoware.full-api-descriptor+json": components["schemas"]["FullApiDescriptor"];
                "application/json": components["schemas"]["FullApiDescriptor"];
            };
        };
        /** @description A collection list (one page). */
        CollectionList: {
            headers: {
                Vary: components["headers"]["Vary"];
                "Cache-Control": components["headers"]["CacheControlPrivate"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.fotoware.collectionlist+json": components["schemas"]["CollectionList"];
                "application/json": components["schemas"]["CollectionList"];
            };
        };
        /** @description The user's preferences. */
        UserPreferences: {
            headers: {
                Vary: components["headers"]["Vary"];
                "Cache-Control": components["headers"]["CacheControlNoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.fotoware.user-preferences+json": components["schemas"]["UserPreferences"];
                "application/json": components["schemas"]["UserPreferences"];
            };
        };
        /** @description The user's pins. */
        PinList: {
            headers: {
                Vary: components["headers"]["Vary"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.fotoware.pin-list+json": components["schemas"]["PinList"];
                "application/json": components["schemas"]["PinList"];
            };
        };
        /** @description The request is malformed: `InvalidRequest` (with `issues`), or a call-specific symbol such as `InvalidChunk` or `InvalidFilename`. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "value": "InvalidRequest",
                 *       "heading": "Invalid request",
                 *       "message": "The request body is not valid.",
                 *       "requestId": "req-7f3a",
                 *       "issues": [
                 *         {
                 *           "path": "fileSize",
                 *           "message": "Expected a whole number of bytes, 0 or more."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `Unauthorized`: no token, or an invalid or expired one. */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "value": "Unauthorized",
                 *       "heading": "Access denied",
                 *       "message": "Authentication is required."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `Forbidden`: the caller lacks the archive permission, group permission or action this call needs; also `SiteOwnerProtected`, `WrongPassword` and `PasswordChangeRequired`. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `NotFound`: no such resource, or one the caller may not know exists. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `NotAcceptable`: no representation of this resource matches `Accept`. */
        NotAcceptable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `DuplicateChunk`, `DuplicateAsset`, `TaxonomyExists`, `TaxonomyItemExists`, `UserExists`, `GroupExists`, `out_of_licenses`, `CircularGroupMembers`, `CircularMemberOf`, `SignupExists`, `ConsentFormChanged` or `Conflict`: the request conflicts with the current state. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `PayloadTooLarge`: the body, or the declared file size, is over the limit; `UploadQuotaExceeded`: the caller's unfinished uploads would hold more than the per-user limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `UploadExpired`: the upload task expired (no chunk for the configured time) and its data was deleted; `ShareExpired`; `InvitationRevoked`, `InvitationUsed`, `InvitationExpired`: the invitation link admits nobody any more. */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `UnsupportedMediaType`: the request body's `Content-Type` is not accepted here. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `RangeNotSatisfiable`: the range starts beyond the end of the file. */
        RangeNotSatisfiable: {
            headers: {
                "Content-Range": components["headers"]["ContentRange"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `ServiceUnavailable`: the database cannot be reached. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `TooManyRequests`: a rate limit was reached; wait `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The item was created. */
        TaxonomyItemCreated: {
            headers: {
                /** @description The item's URL, `/fotoweb/api/taxonomies/<field>/<id>`. */
                Location?: string;
                [name: string]: unknown;
            };
            content: {
                "application/vnd.fotoware.taxonomy-item+json": components["schemas"]["TaxonomyItem"];
                "application/json": components["schemas"]["TaxonomyItem"];
            };
        };
    };
    parameters: {
        /** @description The processing profile's id (a GUID). */
        ProcessingProfileId: string;
        /** @description The watermark's id (a GUID). */
        WatermarkId: string;
        /** @description The archive's id. */
        SmartFolderArchive: string;
        /** @description A share link's token (from its `sharedHREF`). */
        ShareToken: string;
        /** @description The `access` value of `POST /fotoweb/shares/{token}/access`, for a link with a password. */
        ShareAccess: string;
        /**
         * @description The token of a password reset link (the `token` of the reset page's address in the mail). Any text up to 200
         *     characters is looked up: one that names no link answers 404 `PasswordResetNotFound`, never 400.
         */
        PasswordResetToken: string;
        /** @description The album owner's user id (from the album's href). */
        AlbumOwner: string;
        /** @description The album's id (from its href). */
        AlbumId: string;
        /** @description An archive's id (`Id`, e.g. `5000`). */
        ArchiveConfigId: string;
        /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
        Archive: string;
        /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
        AssetPath: string;
        /**
         * @description A search expression (FotoWeb API, Collection queries; spec 02 §5), at most 2000 characters. Obtained by
         *     expanding the collection's or descriptor's `searchURL` template (RFC 6570 `{?q}`).
         */
        SearchQuery: string;
        /** @description A revision number (1 is the asset as ingested), from a revision's `href`. */
        Revision: string;
        /** @description The metadata view id from `metadataEditor.href` (a UUID in Magpie). */
        MetadataViewId: string;
        /** @description The upload task id from `createUpload` (128 random bits, base64url). */
        UploadId: string;
        /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
        TaxonomyFieldId: string;
        /** @description A taxonomy item's id (digits in Magpie), from its `href`. */
        TaxonomyItemId: string;
        /** @description Text to find in item names and values (case-insensitive, any level), at most 200 characters. */
        TaxonomySearchText: string;
        /**
         * @description Magpie: search by taxonomy item. The id of a taxonomy item (from its `href`); the search finds the item's
         *     `customSearch` when it has one, else `<field>:"<value>"`. Repeat the key for several items (AND-ed with
         *     the other criteria, OR-ed with each other). An id that names no item, or an item without `Query`, answers
         *     400 `InvalidTaxonomyItem` (spec 02 §8).
         */
        TaxonomyItemCriterion: string[];
        /**
         * @description Advanced search (spec 02 §3): the document type, one of `image`, `movie`, `audio`, `graphic`, `document`,
         *     `generic` (compared without case). Repeat the key for several types (OR-ed). Another value answers 400
         *     `InvalidSearchExpression`. Keys and values: `@magpie/api-types/search-params`.
         */
        DocumentTypeCriterion: string[];
        /**
         * @description Advanced search (spec 02 §3): the colour space, one of `rgb`, `cmyk`, `grayscale`, `unknown` (compared
         *     without case). Repeat the key for several (OR-ed). Another value answers 400 `InvalidSearchExpression`.
         */
        ColourSpaceCriterion: string[];
        /**
         * @description Advanced search (spec 02 §3): the orientation of the upright picture, one of `landscape`, `portrait`, `square`
         *     (compared without case). Repeat the key for several (OR-ed). Another value answers 400
         *     `InvalidSearchExpression`.
         */
        OrientationCriterion: string[];
        /**
         * @description Advanced search (spec 02 §3): the metadata status, one of `none` (no field filled), `little` (one or two),
         *     `normal` (three or more). Repeat the key for several (OR-ed). Another value answers 400
         *     `InvalidSearchExpression`.
         */
        MetadataStatusCriterion: string[];
        /**
         * @description Advanced search (spec 02 §3): the storage, `online` or `offline`. Repeat the key for both (OR-ed). Another
         *     value answers 400 `InvalidSearchExpression`.
         */
        StorageCriterion: string[];
        /**
         * @description Consent status filter (issue 15; spec 02 §3, §9: offered when `consentFormsApiFeatureLevel` is 40): the
         *     asset's `consentStatus.assetConsentState`, lower-case: `noconsentinfo` (no consent form), `pending`,
         *     `noconsent` (a form declined, revoked or expired), `partialconsent`, `fullconsent`. Repeat the key for several
         *     (OR-ed). Honoured only in archives where the caller holds `ViewConsentSummary`: elsewhere it matches nothing.
         *     Another value answers 400 `InvalidSearchExpression`.
         */
        ConsentStatusCriterion: string[];
        /**
         * @description Advanced search (spec 02 §3, §5): the smallest file size, in **megabytes** of 1,048,576 bytes; fractions
         *     allowed (`1.5`), at most 8,796,093,022,207 (2^43 − 1, the largest whose bytes fit the stored size). Another
         *     value answers 400 `InvalidSearchExpression`; given twice, the last counts.
         */
        FileSizeFrom: string;
        /** @description Advanced search (spec 02 §3, §5): the largest file size, in megabytes, as `fsf`. */
        FileSizeTo: string;
        /**
         * @description Advanced search (spec 02 §3): the smallest width of the upright picture, in whole **px**, 0 to 2,147,483,647.
         *     Another value answers 400 `InvalidSearchExpression`; given twice, the last counts.
         */
        PixelWidthFrom: string;
        /** @description Advanced search (spec 02 §3): the largest width, in whole px, as `pwf`. */
        PixelWidthTo: string;
        /** @description Advanced search (spec 02 §3): the smallest height of the upright picture, in whole px, as `pwf`. */
        PixelHeightFrom: string;
        /** @description Advanced search (spec 02 §3): the largest height, in whole px, as `pwf`. */
        PixelHeightTo: string;
        /**
         * @description Advanced search (spec 02 §3): the earliest last modification, a **date** `YYYY-MM-DD` (a whole day) or
         *     `YYYY-MM-DDTHH:mm[:ss][Z]` (UTC without a zone), years 0001–9999, that exists on the calendar. Another value
         *     answers 400 `InvalidSearchExpression`; given twice, the last counts. The web client sends one date range at a
         *     time (spec 02 §5); the server AND-s any it is given.
         */
        ModifiedFrom: string;
        /** @description Advanced search (spec 02 §3): the latest last modification, a date as `mtf`. */
        ModifiedTo: string;
        /** @description Advanced search (spec 02 §3): the earliest IPTC date created (field 55, "ingested" in spec 02), a date as `mtf`. */
        IptcDateFrom: string;
        /** @description Advanced search (spec 02 §3): the latest IPTC date created, a date as `mtf`. */
        IptcDateTo: string;
        /** @description Advanced search (spec 02 §3): the earliest time Magpie received the file (ingest), a date as `mtf`. */
        ReceivedFrom: string;
        /** @description Advanced search (spec 02 §3): the latest time Magpie received the file, a date as `mtf`. */
        ReceivedTo: string;
        /**
         * @description Advanced search (spec 02 §3): the earliest time the picture was taken (EXIF DateTimeOriginal, else the IPTC/XMP
         *     date created, else CreateDate), a date as `mtf`.
         */
        CreatedFrom: string;
        /** @description Advanced search (spec 02 §3): the latest time the picture was taken, a date as `mtf`. */
        CreatedTo: string;
        /**
         * @description Key=value criterion (FotoWeb API, Collection queries; spec 02 §3 built-in fields): the file name, `*` as a
         *     wildcard. Repeat the key for several (OR-ed); `""` asks for an empty value.
         */
        FileNameCriterion: string[];
        /** @description Key=value criterion (spec 02 §3 built-in fields): the folder name, as `fn`. */
        FolderNameCriterion: string[];
        /** @description Key=value criterion (spec 02 §3 built-in fields): the full path below the archive, as `fn`. */
        FullPathCriterion: string[];
        /**
         * @description Key=value criteria on metadata fields (FotoWeb API, Collection queries; spec 02 §3 criteria): each property
         *     is sent as its own query key, `<fieldId>=<value>` (field ids of 1–4 digits, e.g. `?25=sea&80=ann`); the name
         *     `fields` itself is never sent. Different keys are AND-ed; a key repeated is OR-ed (a criterion whose value is
         *     a list); the value `""` asks for an empty field (multi-instance fields included). The web client sends its
         *     built-in fields title, description and tags as fields 5, 120 and 25.
         */
        FieldCriteria: {
            [key: string]: string[];
        };
        /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
        UserId: string;
        /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
        GroupId: string;
        /** @description An API client's id, from its `href`. */
        ClientId: string;
        /** @description A legacy API key's or a webhook's id, from its `href`. */
        IntegrationId: number;
        /** @description Text to find (case-insensitive substring) in user or group lists, at most 200 characters (spec 03 §7). */
        MemberSearchText: string;
        /**
         * @description The users grid's sort column (spec 03 §2.4, §7; default `username`). `fullName` sorts on the first name, then
         *     the last name; `licenseLevel` on the number.
         */
        UserSortField: "id" | "username" | "fullName" | "firstName" | "lastName" | "company" | "licenseLevel" | "expires" | "lastLoginDate" | "isEnabled";
        /** @description The groups grid's sort column (spec 03 §2.5; default `name`). */
        GroupSortField: "id" | "name" | "description";
        /** @description The member grids' sort column (default `name`; for users `name` is the full name). */
        MemberSortField: "id" | "name" | "username";
        /** @description Sort direction (default `asc`). */
        SortDirection: "asc" | "desc";
        /** @description 0-based page number (default 0). Clients take it from `paging` links; a page past the end is empty. */
        ListPage: number;
        /** @description The id of a group the user or group is a member of. */
        MembershipGroupId: string;
        /** @description The id of a user member of the group. */
        MemberUserId: string;
        /** @description The id of a group member of the group. */
        MemberGroupId: string;
        /** @description A custom property's key (percent-encoded in the path), 1–100 characters. */
        PropertyKey: string;
        /** @description Count only users of this license level (by name). */
        BetaLicenseLevel: "None" | "Portal" | "Consumer" | "Contributor" | "Standard" | "Plus" | "Main" | "Editor" | "Pro";
        /** @description Count only users of this license mode (by name). */
        BetaLicenseMode: "Named" | "Concurrent";
        /** @description Count only SSO users or groups (`true`) or only others (`false`). Magpie has none. */
        IsSso: boolean;
        /** @description Count only users or groups of this SSO provider. Magpie has none. */
        SsoProvider: string;
        /** @description An invitation's id, from its `invitationAdminHref`. */
        InvitationId: number;
        /** @description A sign-up's id (a UUID, spec 03 §7 `{signup href}/{guid}`), from its `href`. */
        SignupId: string;
    };
    requestBodies: never;
    headers: {
        /** @description Always includes `Accept` and `Authorization`, since one URL serves several representations and users. */
        Vary: string;
        /** @description Per-user cacheable, e.g. `private, max-age=30` for asset lists (as FotoWeb) or `private, max-age=31536000, immutable` for versioned previews. */
        CacheControlPrivate: string;
        /** @description `no-store` (RFC 6749 §5.1 for token responses). */
        CacheControlNoStore: "no-store";
        /** @description `no-cache` (RFC 6749 §5.1). */
        PragmaNoCache: "no-cache";
        /** @description `bytes`. */
        AcceptRanges: "bytes";
        /** @description The range sent, e.g. `bytes 0-1023/146515`; on 416, `bytes *\/146515`. */
        ContentRange: string;
        /** @description Body length in bytes. */
        ContentLength: number;
        /** @description `attachment; filename="<name>"; filename*=UTF-8''<percent-encoded name>` (RFC 6266). */
        ContentDisposition: string;
        /** @description A strong validator of the file's content (supports `If-None-Match` and `If-Range`). */
        ETag: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description `Bearer` (RFC 6750), with `error="invalid_token"` when a token was sent but is invalid or expired. */
        WwwAuthenticate: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description A new access token (and, for the password and refresh_token grants, a refresh token). */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    Pragma: components["headers"]["PragmaNoCache"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "2YotnFZFEjr1zCsicMWpAA",
                     *       "token_type": "bearer",
                     *       "expires_in": 28800,
                     *       "refresh_token": "tGzv3JOkF0XG5Qx2TlKWIA"
                     *     }
                     */
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description RFC 6749 §5.2 error (`invalid_request`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type`, `invalid_scope`). */
            400: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_grant",
                     *       "error_description": "The user name or password is incorrect."
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description RFC 6749 §5.2 `invalid_client`: no client credentials, an unknown client or a wrong client secret. */
            401: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    /** @description `Basic realm="fotoweb"` when the client authenticated with HTTP Basic (RFC 6749 §5.2). */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description The body is not `application/x-www-form-urlencoded` (RFC 6749 §5.2 `invalid_request`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `slow_down` (RFC 8628 §3.5): a limit above was reached; wait `Retry-After` seconds. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Both tokens are revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    keepalive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token is valid. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server and its database are up. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFullApiDescriptor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["FullApiDescriptor"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    getFullApiDescriptorNoSlash: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["FullApiDescriptor"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listMyArchives: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listMyArchivesNoSlash: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listUploadTargets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listMoveTargets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listCopyTargets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listSmartFolders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive's id. */
                archive: components["parameters"]["SmartFolderArchive"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    createSmartFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive's id. */
                archive: components["parameters"]["SmartFolderArchive"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmartFolderCreate"];
            };
        };
        responses: {
            /** @description The smart folder. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteSmartFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive's id. */
                archive: components["parameters"]["SmartFolderArchive"];
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateSmartFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive's id. */
                archive: components["parameters"]["SmartFolderArchive"];
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmartFolderUpdate"];
            };
        };
        responses: {
            /** @description The smart folder. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    createDownload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DownloadRequest"];
            };
        };
        responses: {
            /** @description The ZIP is ready to download at `href`. */
            201: {
                headers: {
                    /** @description The ZIP's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description The ZIP's file name (any; the download is named by `Content-Disposition`). */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP. */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    requestRendition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.rendition-request+json": components["schemas"]["RenditionRequest"];
                "application/json": components["schemas"]["RenditionRequest"];
            };
        };
        responses: {
            /** @description The rendition is being prepared at `href`. */
            202: {
                headers: {
                    /** @description The rendition's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.rendition-response+json": components["schemas"]["RenditionResponse"];
                    "application/json": components["schemas"]["RenditionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getRenditionFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description The file's name (any; the download is named by `Content-Disposition`). */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rendition. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    "Content-Length": components["headers"]["ContentLength"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": components["schemas"]["Binary"];
                    "*/*": components["schemas"]["Binary"];
                };
            };
            /** @description Not ready yet; ask again after `Retry-After` seconds. */
            202: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenditionResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            416: components["responses"]["RangeNotSatisfiable"];
        };
    };
    listProcessingProfiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profiles. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessingProfileList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createProcessingProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProcessingProfileInput"];
            };
        };
        responses: {
            /** @description The profile made. */
            201: {
                headers: {
                    /** @description The profile's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessingProfile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    updateProcessingProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The processing profile's id (a GUID). */
                id: components["parameters"]["ProcessingProfileId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProcessingProfileInput"];
            };
        };
        responses: {
            /** @description The profile as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessingProfile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteProcessingProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The processing profile's id (a GUID). */
                id: components["parameters"]["ProcessingProfileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listWatermarks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The watermarks. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatermarkList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createWatermark: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WatermarkInput"];
            };
        };
        responses: {
            /** @description The watermark made. */
            201: {
                headers: {
                    /** @description The watermark's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Watermark"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    updateWatermark: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The watermark's id (a GUID). */
                id: components["parameters"]["WatermarkId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WatermarkInput"];
            };
        };
        responses: {
            /** @description The watermark as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Watermark"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteWatermark: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The watermark's id (a GUID). */
                id: components["parameters"]["WatermarkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getWatermarkImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The watermark's id (a GUID). */
                id: components["parameters"]["WatermarkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listTrash: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trash. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrashList"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    updateTrash: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrashUpdate"];
            };
        };
        responses: {
            /** @description The trash after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrashList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listArchives: {
        parameters: {
            query?: {
                /**
                 * @description A search expression (FotoWeb API, Collection queries; spec 02 §5), at most 2000 characters. Obtained by
                 *     expanding the collection's or descriptor's `searchURL` template (RFC 6570 `{?q}`).
                 */
                q?: components["parameters"]["SearchQuery"];
                /**
                 * @description Magpie: search by taxonomy item. The id of a taxonomy item (from its `href`); the search finds the item's
                 *     `customSearch` when it has one, else `<field>:"<value>"`. Repeat the key for several items (AND-ed with
                 *     the other criteria, OR-ed with each other). An id that names no item, or an item without `Query`, answers
                 *     400 `InvalidTaxonomyItem` (spec 02 §8).
                 */
                txnm?: components["parameters"]["TaxonomyItemCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the document type, one of `image`, `movie`, `audio`, `graphic`, `document`,
                 *     `generic` (compared without case). Repeat the key for several types (OR-ed). Another value answers 400
                 *     `InvalidSearchExpression`. Keys and values: `@magpie/api-types/search-params`.
                 */
                dt?: components["parameters"]["DocumentTypeCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the colour space, one of `rgb`, `cmyk`, `grayscale`, `unknown` (compared
                 *     without case). Repeat the key for several (OR-ed). Another value answers 400 `InvalidSearchExpression`.
                 */
                cs?: components["parameters"]["ColourSpaceCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the orientation of the upright picture, one of `landscape`, `portrait`, `square`
                 *     (compared without case). Repeat the key for several (OR-ed). Another value answers 400
                 *     `InvalidSearchExpression`.
                 */
                o?: components["parameters"]["OrientationCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the metadata status, one of `none` (no field filled), `little` (one or two),
                 *     `normal` (three or more). Repeat the key for several (OR-ed). Another value answers 400
                 *     `InvalidSearchExpression`.
                 */
                ms?: components["parameters"]["MetadataStatusCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the storage, `online` or `offline`. Repeat the key for both (OR-ed). Another
                 *     value answers 400 `InvalidSearchExpression`.
                 */
                s?: components["parameters"]["StorageCriterion"];
                /**
                 * @description Consent status filter (issue 15; spec 02 §3, §9: offered when `consentFormsApiFeatureLevel` is 40): the
                 *     asset's `consentStatus.assetConsentState`, lower-case: `noconsentinfo` (no consent form), `pending`,
                 *     `noconsent` (a form declined, revoked or expired), `partialconsent`, `fullconsent`. Repeat the key for several
                 *     (OR-ed). Honoured only in archives where the caller holds `ViewConsentSummary`: elsewhere it matches nothing.
                 *     Another value answers 400 `InvalidSearchExpression`.
                 */
                cst?: components["parameters"]["ConsentStatusCriterion"];
                /**
                 * @description Advanced search (spec 02 §3, §5): the smallest file size, in **megabytes** of 1,048,576 bytes; fractions
                 *     allowed (`1.5`), at most 8,796,093,022,207 (2^43 − 1, the largest whose bytes fit the stored size). Another
                 *     value answers 400 `InvalidSearchExpression`; given twice, the last counts.
                 */
                fsf?: components["parameters"]["FileSizeFrom"];
                /** @description Advanced search (spec 02 §3, §5): the largest file size, in megabytes, as `fsf`. */
                fst?: components["parameters"]["FileSizeTo"];
                /**
                 * @description Advanced search (spec 02 §3): the smallest width of the upright picture, in whole **px**, 0 to 2,147,483,647.
                 *     Another value answers 400 `InvalidSearchExpression`; given twice, the last counts.
                 */
                pwf?: components["parameters"]["PixelWidthFrom"];
                /** @description Advanced search (spec 02 §3): the largest width, in whole px, as `pwf`. */
                pwt?: components["parameters"]["PixelWidthTo"];
                /** @description Advanced search (spec 02 §3): the smallest height of the upright picture, in whole px, as `pwf`. */
                phf?: components["parameters"]["PixelHeightFrom"];
                /** @description Advanced search (spec 02 §3): the largest height, in whole px, as `pwf`. */
                pht?: components["parameters"]["PixelHeightTo"];
                /**
                 * @description Advanced search (spec 02 §3): the earliest last modification, a **date** `YYYY-MM-DD` (a whole day) or
                 *     `YYYY-MM-DDTHH:mm[:ss][Z]` (UTC without a zone), years 0001–9999, that exists on the calendar. Another value
                 *     answers 400 `InvalidSearchExpression`; given twice, the last counts. The web client sends one date range at a
                 *     time (spec 02 §5); the server AND-s any it is given.
                 */
                mtf?: components["parameters"]["ModifiedFrom"];
                /** @description Advanced search (spec 02 §3): the latest last modification, a date as `mtf`. */
                mtt?: components["parameters"]["ModifiedTo"];
                /** @description Advanced search (spec 02 §3): the earliest IPTC date created (field 55, "ingested" in spec 02), a date as `mtf`. */
                itf?: components["parameters"]["IptcDateFrom"];
                /** @description Advanced search (spec 02 §3): the latest IPTC date created, a date as `mtf`. */
                itt?: components["parameters"]["IptcDateTo"];
                /** @description Advanced search (spec 02 §3): the earliest time Magpie received the file (ingest), a date as `mtf`. */
                rtf?: components["parameters"]["ReceivedFrom"];
                /** @description Advanced search (spec 02 §3): the latest time Magpie received the file, a date as `mtf`. */
                rtt?: components["parameters"]["ReceivedTo"];
                /**
                 * @description Advanced search (spec 02 §3): the earliest time the picture was taken (EXIF DateTimeOriginal, else the IPTC/XMP
                 *     date created, else CreateDate), a date as `mtf`.
                 */
                ctf?: components["parameters"]["CreatedFrom"];
                /** @description Advanced search (spec 02 §3): the latest time the picture was taken, a date as `mtf`. */
                ctt?: components["parameters"]["CreatedTo"];
                /**
                 * @description Key=value criterion (FotoWeb API, Collection queries; spec 02 §3 built-in fields): the file name, `*` as a
                 *     wildcard. Repeat the key for several (OR-ed); `""` asks for an empty value.
                 */
                fn?: components["parameters"]["FileNameCriterion"];
                /** @description Key=value criterion (spec 02 §3 built-in fields): the folder name, as `fn`. */
                dn?: components["parameters"]["FolderNameCriterion"];
                /** @description Key=value criterion (spec 02 §3 built-in fields): the full path below the archive, as `fn`. */
                fp?: components["parameters"]["FullPathCriterion"];
                /**
                 * @description Key=value criteria on metadata fields (FotoWeb API, Collection queries; spec 02 §3 criteria): each property
                 *     is sent as its own query key, `<fieldId>=<value>` (field ids of 1–4 digits, e.g. `?25=sea&80=ann`); the name
                 *     `fields` itself is never sent. Different keys are AND-ed; a key repeated is OR-ed (a criterion whose value is
                 *     a list); the value `""` asks for an empty field (multi-instance fields included). The web client sends its
                 *     built-in fields title, description and tags as fields 5, 120 and 25.
                 */
                fields?: components["parameters"]["FieldCriteria"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    getCollection: {
        parameters: {
            query?: {
                /**
                 * @description A search expression (FotoWeb API, Collection queries; spec 02 §5), at most 2000 characters. Obtained by
                 *     expanding the collection's or descriptor's `searchURL` template (RFC 6570 `{?q}`).
                 */
                q?: components["parameters"]["SearchQuery"];
                /**
                 * @description Magpie: search by taxonomy item. The id of a taxonomy item (from its `href`); the search finds the item's
                 *     `customSearch` when it has one, else `<field>:"<value>"`. Repeat the key for several items (AND-ed with
                 *     the other criteria, OR-ed with each other). An id that names no item, or an item without `Query`, answers
                 *     400 `InvalidTaxonomyItem` (spec 02 §8).
                 */
                txnm?: components["parameters"]["TaxonomyItemCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the document type, one of `image`, `movie`, `audio`, `graphic`, `document`,
                 *     `generic` (compared without case). Repeat the key for several types (OR-ed). Another value answers 400
                 *     `InvalidSearchExpression`. Keys and values: `@magpie/api-types/search-params`.
                 */
                dt?: components["parameters"]["DocumentTypeCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the colour space, one of `rgb`, `cmyk`, `grayscale`, `unknown` (compared
                 *     without case). Repeat the key for several (OR-ed). Another value answers 400 `InvalidSearchExpression`.
                 */
                cs?: components["parameters"]["ColourSpaceCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the orientation of the upright picture, one of `landscape`, `portrait`, `square`
                 *     (compared without case). Repeat the key for several (OR-ed). Another value answers 400
                 *     `InvalidSearchExpression`.
                 */
                o?: components["parameters"]["OrientationCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the metadata status, one of `none` (no field filled), `little` (one or two),
                 *     `normal` (three or more). Repeat the key for several (OR-ed). Another value answers 400
                 *     `InvalidSearchExpression`.
                 */
                ms?: components["parameters"]["MetadataStatusCriterion"];
                /**
                 * @description Advanced search (spec 02 §3): the storage, `online` or `offline`. Repeat the key for both (OR-ed). Another
                 *     value answers 400 `InvalidSearchExpression`.
                 */
                s?: components["parameters"]["StorageCriterion"];
                /**
                 * @description Consent status filter (issue 15; spec 02 §3, §9: offered when `consentFormsApiFeatureLevel` is 40): the
                 *     asset's `consentStatus.assetConsentState`, lower-case: `noconsentinfo` (no consent form), `pending`,
                 *     `noconsent` (a form declined, revoked or expired), `partialconsent`, `fullconsent`. Repeat the key for several
                 *     (OR-ed). Honoured only in archives where the caller holds `ViewConsentSummary`: elsewhere it matches nothing.
                 *     Another value answers 400 `InvalidSearchExpression`.
                 */
                cst?: components["parameters"]["ConsentStatusCriterion"];
                /**
                 * @description Advanced search (spec 02 §3, §5): the smallest file size, in **megabytes** of 1,048,576 bytes; fractions
                 *     allowed (`1.5`), at most 8,796,093,022,207 (2^43 − 1, the largest whose bytes fit the stored size). Another
                 *     value answers 400 `InvalidSearchExpression`; given twice, the last counts.
                 */
                fsf?: components["parameters"]["FileSizeFrom"];
                /** @description Advanced search (spec 02 §3, §5): the largest file size, in megabytes, as `fsf`. */
                fst?: components["parameters"]["FileSizeTo"];
                /**
                 * @description Advanced search (spec 02 §3): the smallest width of the upright picture, in whole **px**, 0 to 2,147,483,647.
                 *     Another value answers 400 `InvalidSearchExpression`; given twice, the last counts.
                 */
                pwf?: components["parameters"]["PixelWidthFrom"];
                /** @description Advanced search (spec 02 §3): the largest width, in whole px, as `pwf`. */
                pwt?: components["parameters"]["PixelWidthTo"];
                /** @description Advanced search (spec 02 §3): the smallest height of the upright picture, in whole px, as `pwf`. */
                phf?: components["parameters"]["PixelHeightFrom"];
                /** @description Advanced search (spec 02 §3): the largest height, in whole px, as `pwf`. */
                pht?: components["parameters"]["PixelHeightTo"];
                /**
                 * @description Advanced search (spec 02 §3): the earliest last modification, a **date** `YYYY-MM-DD` (a whole day) or
                 *     `YYYY-MM-DDTHH:mm[:ss][Z]` (UTC without a zone), years 0001–9999, that exists on the calendar. Another value
                 *     answers 400 `InvalidSearchExpression`; given twice, the last counts. The web client sends one date range at a
                 *     time (spec 02 §5); the server AND-s any it is given.
                 */
                mtf?: components["parameters"]["ModifiedFrom"];
                /** @description Advanced search (spec 02 §3): the latest last modification, a date as `mtf`. */
                mtt?: components["parameters"]["ModifiedTo"];
                /** @description Advanced search (spec 02 §3): the earliest IPTC date created (field 55, "ingested" in spec 02), a date as `mtf`. */
                itf?: components["parameters"]["IptcDateFrom"];
                /** @description Advanced search (spec 02 §3): the latest IPTC date created, a date as `mtf`. */
                itt?: components["parameters"]["IptcDateTo"];
                /** @description Advanced search (spec 02 §3): the earliest time Magpie received the file (ingest), a date as `mtf`. */
                rtf?: components["parameters"]["ReceivedFrom"];
                /** @description Advanced search (spec 02 §3): the latest time Magpie received the file, a date as `mtf`. */
                rtt?: components["parameters"]["ReceivedTo"];
                /**
                 * @description Advanced search (spec 02 §3): the earliest time the picture was taken (EXIF DateTimeOriginal, else the IPTC/XMP
                 *     date created, else CreateDate), a date as `mtf`.
                 */
                ctf?: components["parameters"]["CreatedFrom"];
                /** @description Advanced search (spec 02 §3): the latest time the picture was taken, a date as `mtf`. */
                ctt?: components["parameters"]["CreatedTo"];
                /**
                 * @description Key=value criterion (FotoWeb API, Collection queries; spec 02 §3 built-in fields): the file name, `*` as a
                 *     wildcard. Repeat the key for several (OR-ed); `""` asks for an empty value.
                 */
                fn?: components["parameters"]["FileNameCriterion"];
                /** @description Key=value criterion (spec 02 §3 built-in fields): the folder name, as `fn`. */
                dn?: components["parameters"]["FolderNameCriterion"];
                /** @description Key=value criterion (spec 02 §3 built-in fields): the full path below the archive, as `fn`. */
                fp?: components["parameters"]["FullPathCriterion"];
                /**
                 * @description Key=value criteria on metadata fields (FotoWeb API, Collection queries; spec 02 §3 criteria): each property
                 *     is sent as its own query key, `<fieldId>=<value>` (field ids of 1–4 digits, e.g. `?25=sea&80=ann`); the name
                 *     `fields` itself is never sent. Different keys are AND-ed; a key repeated is OR-ed (a criterion whose value is
                 *     a list); the value `""` asks for an empty field (multi-instance fields included). The web client sends its
                 *     built-in fields title, description and tags as fields 5, 120 and 25.
                 */
                fields?: components["parameters"]["FieldCriteria"];
            };
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The representation chosen by `Accept`. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "Cache-Control": components["headers"]["CacheControlPrivate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.collection+json": components["schemas"]["Collection"];
                    "application/json": components["schemas"]["Collection"];
                    "application/vnd.fotoware.collectioninfo+json": components["schemas"]["CollectionInfo"];
                    "application/vnd.fotoware.assetlist+json": components["schemas"]["AssetList"];
                    "application/vnd.fotoware.collectionlist+json": components["schemas"]["CollectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    createFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.folder-creation-info+json": components["schemas"]["FolderName"];
                "application/json": components["schemas"]["FolderName"];
            };
        };
        responses: {
            /** @description The new folder. */
            201: {
                headers: {
                    /** @description The new folder's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.collectioninfo+json": components["schemas"]["CollectionInfo"];
                    "application/json": components["schemas"]["CollectionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    renameFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.folder-update+json": components["schemas"]["FolderUpdate"];
                "application/json": components["schemas"]["FolderUpdate"];
            };
        };
        responses: {
            /** @description The folder as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.collectioninfo+json": components["schemas"]["CollectionInfo"];
                    "application/json": components["schemas"]["CollectionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "Cache-Control": components["headers"]["CacheControlPrivate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.asset+json": components["schemas"]["Asset"];
                    "application/json": components["schemas"]["Asset"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    updateAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.assetupdate+json": components["schemas"]["AssetUpdate"];
                "application/json": components["schemas"]["AssetUpdate"];
            };
        };
        responses: {
            /** @description The updated asset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.asset+json": components["schemas"]["Asset"];
                    "application/json": components["schemas"]["Asset"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listRevisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every revision of the asset, newest first (`paging` is null). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    compareRevisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevisionCompareRequest"];
            };
        };
        responses: {
            /** @description The differences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionComparison"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
                /** @description A revision number (1 is the asset as ingested), from a revision's `href`. */
                revision: components["parameters"]["Revision"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
                /** @description A revision number (1 is the asset as ingested), from a revision's `href`. */
                revision: components["parameters"]["Revision"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    rollbackRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
                /** @description A revision number (1 is the asset as ingested), from a revision's `href`. */
                revision: components["parameters"]["Revision"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated asset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.asset+json": components["schemas"]["Asset"];
                    "application/json": components["schemas"]["Asset"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    rollbackToRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
                /** @description A revision number (1 is the asset as ingested), from a revision's `href`. */
                revision: components["parameters"]["Revision"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RollbackToRequest"];
            };
        };
        responses: {
            /** @description The updated asset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.asset+json": components["schemas"]["Asset"];
                    "application/json": components["schemas"]["Asset"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getRendition: {
        parameters: {
            query?: never;
            header?: {
                /** @description A single byte range, e.g. `bytes=0-1023` or `bytes=1024-`. */
                Range?: string;
            };
            path: {
                /** @description The archive as `<id>-<Name>` (e.g. `5000-Photos`) or `<id>`. Taken from an `href`, never typed. */
                archive: components["parameters"]["Archive"];
                /** @description Folder path and file name below the archive, percent-encoded segments separated by `/`, without `.info`. */
                assetPath: components["parameters"]["AssetPath"];
                /** @description `ORIGINAL`, or a rendition profile id from `renditions[].href`. */
                rendition: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Content-Length": components["headers"]["ContentLength"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": components["schemas"]["Binary"];
                    "*/*": components["schemas"]["Binary"];
                };
            };
            /** @description A processing profile's rendition still being made; poll `Location` (`Retry-After` seconds). */
            202: {
                headers: {
                    /** @description The rendition-response href that serves the file once made. */
                    Location?: string;
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.rendition-response+json": components["schemas"]["RenditionResponse"];
                    "application/json": components["schemas"]["RenditionResponse"];
                };
            };
            /** @description The requested byte range. */
            206: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Content-Range": components["headers"]["ContentRange"];
                    "Content-Length": components["headers"]["ContentLength"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": components["schemas"]["Binary"];
                    "*/*": components["schemas"]["Binary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            416: components["responses"]["RangeNotSatisfiable"];
        };
    };
    getPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The DAM's internal asset id (opaque to clients). */
                assetId: string;
                /** @description The preview file name chosen by the DAM, e.g. `800.3f2a9c.jpg` (opaque to clients). */
                previewName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview image. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlPrivate"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": components["schemas"]["Binary"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getDocumentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The DAM's internal asset id (opaque to clients). */
                assetId: string;
                /** @description `<page>.<version>.jpg`, from `documentPages.href` (opaque to clients but for the page number). */
                pageName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlPrivate"];
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": components["schemas"]["Binary"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWebVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The DAM's internal asset id (opaque to clients). */
                assetId: string;
                /** @description The file name chosen by the DAM, e.g. `3f2a9c.mp4` (opaque to clients). */
                videoName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The MP4 file. */
            200: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Cache-Control": components["headers"]["CacheControlPrivate"];
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": components["schemas"]["Binary"];
                };
            };
            /** @description The requested byte range. */
            206: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Content-Range": components["headers"]["ContentRange"];
                    "Content-Length": components["headers"]["ContentLength"];
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": components["schemas"]["Binary"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            416: components["responses"]["RangeNotSatisfiable"];
        };
    };
    createUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadRequest"];
            };
        };
        responses: {
            /** @description The upload task. */
            200: {
                headers: {
                    /** @description The task's status URL, `/fotoweb/api/uploads/{id}/status` (Magpie; FotoWeb sends none). */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    uploadChunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The upload task id from `createUpload` (128 random bits, base64url). */
                id: components["parameters"]["UploadId"];
                /** @description 0-based chunk index, below `numChunks`. */
                index: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ChunkUpload"];
            };
        };
        responses: {
            /** @description The chunk is stored. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getUploadStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The upload task id from `createUpload` (128 random bits, base64url). */
                id: components["parameters"]["UploadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task's status. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadStatus"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getMetadataView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The metadata view id from `metadataEditor.href` (a UUID in Magpie). */
                id: components["parameters"]["MetadataViewId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata view. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlPrivate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.metadata-set+json": components["schemas"]["MetadataView"];
                    "application/json": components["schemas"]["MetadataView"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    replaceMetadataView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The metadata view id from `metadataEditor.href` (a UUID in Magpie). */
                id: components["parameters"]["MetadataViewId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.metadata-set+json": components["schemas"]["MetadataViewUpdate"];
                "application/json": components["schemas"]["MetadataViewUpdate"];
            };
        };
        responses: {
            /** @description The stored view. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.metadata-set+json": components["schemas"]["MetadataView"];
                    "application/json": components["schemas"]["MetadataView"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    createBackgroundTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.metadata-edit-request+json": components["schemas"]["MetadataEditRequest"];
                "application/vnd.fotoware.duplicate-request+json": components["schemas"]["DuplicateRequest"];
                "application/vnd.fotoware.rename-request+json": components["schemas"]["RenameRequest"];
                "application/vnd.fotoware.move-request+json": components["schemas"]["MoveRequest"];
                "application/vnd.fotoware.copy-request+json": components["schemas"]["MoveRequest"];
                "application/vnd.fotoware.rotate-request+json": components["schemas"]["RotateRequest"];
                "application/vnd.fotoware.delete-request+json": components["schemas"]["DeleteRequest"];
            };
        };
        responses: {
            /** @description The task was created; poll `location`. */
            201: {
                headers: {
                    /** @description The task's URL, `/fotoweb/me/background-tasks/<id>`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.metadata-edit-response+json": components["schemas"]["BackgroundTaskCreated"];
                    "application/vnd.fotoware.duplicate-response+json": components["schemas"]["BackgroundTaskCreated"];
                    "application/vnd.fotoware.rename-response+json": components["schemas"]["BackgroundTaskCreated"];
                    "application/vnd.fotoware.move-response+json": components["schemas"]["BackgroundTaskCreated"];
                    "application/vnd.fotoware.copy-response+json": components["schemas"]["BackgroundTaskCreated"];
                    "application/vnd.fotoware.rotate-response+json": components["schemas"]["BackgroundTaskCreated"];
                    "application/vnd.fotoware.delete-response+json": components["schemas"]["BackgroundTaskCreated"];
                    "application/json": components["schemas"]["BackgroundTaskCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getBackgroundTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The task id from `location`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task's status. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.task-status+json": components["schemas"]["TaskStatus"];
                    "application/json": components["schemas"]["TaskStatus"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    getUserPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["UserPreferences"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    updateUserPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.user-preferences-update+json": components["schemas"]["UserPreferencesUpdate"];
                "application/json": components["schemas"]["UserPreferencesUpdate"];
            };
        };
        responses: {
            200: components["responses"]["UserPreferences"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listPins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PinList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    addPins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.assetlinklist+json": components["schemas"]["PinsAdd"];
                "application/json": components["schemas"]["PinsAdd"];
            };
        };
        responses: {
            /** @description The pins after the change, with how many were added. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.pin-list+json": components["schemas"]["PinsAddResult"];
                    "application/json": components["schemas"]["PinsAddResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    removePins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.collection-update+json": components["schemas"]["PinsRemove"];
                "application/json": components["schemas"]["PinsRemove"];
            };
        };
        responses: {
            200: components["responses"]["PinList"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alerts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertList"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    createAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertCreate"];
            };
        };
        responses: {
            /** @description The alert. */
            201: {
                headers: {
                    /** @description The alert's `href`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id, from its `href`. */
                alertId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    replaceAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id, from its `href`. */
                alertId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertUpdate"];
            };
        };
        responses: {
            /** @description The alert as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    deleteAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id, from its `href`. */
                alertId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id, from its `href`. */
                alertId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertUpdate"];
            };
        };
        responses: {
            /** @description The alert as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notifications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationList"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    markNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    getCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cart, or its item count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.order+json": components["schemas"]["Order"];
                    "application/vnd.fotoware.count+json": components["schemas"]["Count"];
                    "application/json": components["schemas"]["Count"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    updateCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.cart-update+json": components["schemas"]["CartUpdate"];
                "application/json": components["schemas"]["CartUpdate"];
            };
        };
        responses: {
            /** @description Saved. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    addToCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.assetlinklist+json": components["schemas"]["PinsAdd"];
                "application/json": components["schemas"]["PinsAdd"];
            };
        };
        responses: {
            /** @description Added. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getOrderConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderConfig"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    updateOrderConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderConfig"];
            };
        };
        responses: {
            /** @description The configuration as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listMyOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The orders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.orderlist+json": components["schemas"]["OrderList"];
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    submitOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.cart-update+json": components["schemas"]["OrderSubmission"];
                "application/json": components["schemas"]["OrderSubmission"];
            };
        };
        responses: {
            /** @description The order is submitted. */
            201: {
                headers: {
                    /** @description The order's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.order-submission-info+json": components["schemas"]["OrderSubmissionInfo"];
                    "application/json": components["schemas"]["OrderSubmissionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listOrders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The orders in this state. */
                list: "pending" | "approved" | "rejected";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The orders, or their count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.orderlist+json": components["schemas"]["OrderList"];
                    "application/json": components["schemas"]["OrderList"];
                    "application/vnd.fotoware.count+json": components["schemas"]["Count"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id, from its `href`. */
                orderId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.order+json": components["schemas"]["Order"];
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    approveOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                orderId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.orderupdate+json": components["schemas"]["OrderDecision"];
                "application/json": components["schemas"]["OrderDecision"];
            };
        };
        responses: {
            /** @description The order, approved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.order+json": components["schemas"]["Order"];
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    rejectOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                orderId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.orderupdate+json": components["schemas"]["OrderDecision"];
                "application/json": components["schemas"]["OrderDecision"];
            };
        };
        responses: {
            /** @description The order, rejected. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.order+json": components["schemas"]["Order"];
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    downloadOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                orderId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
        };
    };
    getCustomCss: {
        parameters: {
            query?: {
                /** @description The CSS version (cache busting); any other value is answered with the current CSS, not cached. */
                v?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The custom CSS. */
            200: {
                headers: {
                    /** @description The CSS version, quoted (`"css-<version>"`). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                };
            };
            /** @description Not modified (`If-None-Match` named the current version). */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    updateCustomCss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomCssUpdate"];
            };
        };
        responses: {
            /** @description The appearance settings as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppearanceSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getAppearanceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The appearance settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppearanceSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getTitleBarButtons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buttons. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TitleBarButtonList"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    updateTitleBarButtons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TitleBarButtonList"];
            };
        };
        responses: {
            /** @description The buttons as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TitleBarButtonList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getCookieConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The banner and the policy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CookieConsent"];
                };
            };
        };
    };
    getSiteFooter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The footer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteFooter"];
                };
            };
        };
    };
    updateSiteFooter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteFooterUpdate"];
            };
        };
        responses: {
            /** @description The footer as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteFooter"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listPeople: {
        parameters: {
            query?: {
                /** @description Text the user's or group's name contains (case-insensitive). */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The people and groups found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.people-list+json": components["schemas"]["PeopleList"];
                    "application/json": components["schemas"]["PeopleList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listPublicAlbums: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listAlbums: {
        parameters: {
            query?: {
                /** @description Words the album's name or description contains. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    createAlbum: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.collection-create+json": components["schemas"]["AlbumCreate"];
                "application/json": components["schemas"]["AlbumCreate"];
            };
        };
        responses: {
            /** @description The new album. */
            201: {
                headers: {
                    /** @description The new album's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.collectioninfo+json": components["schemas"]["CollectionInfo"];
                    "application/json": components["schemas"]["CollectionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listAlbumsIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list: "mine" | "shared-with-me" | "archived" | "deleted" | "contribute";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CollectionList"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    getAlbum: {
        parameters: {
            query?: {
                /** @description The 0-based page of assets (from a `paging` link). */
                p?: string;
            };
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The album. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.collection+json": components["schemas"]["Collection"];
                    "application/vnd.fotoware.collectioninfo+json": components["schemas"]["CollectionInfo"];
                    "application/vnd.fotoware.assetlist+json": components["schemas"]["AssetList"];
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    addAlbumAssets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.assetlinklist+json": components["schemas"]["PinsAdd"];
                "application/json": components["schemas"]["PinsAdd"];
            };
        };
        responses: {
            /** @description What was added, and the album after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlbumAssetsAdded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteAlbum: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateAlbum: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.collection-update+json": components["schemas"]["AlbumUpdate"];
                "application/json": components["schemas"]["AlbumUpdate"];
            };
        };
        responses: {
            /** @description The album after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.collectioninfo+json": components["schemas"]["CollectionInfo"];
                    "application/json": components["schemas"]["CollectionInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getAlbumShares: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The album's sharing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.sharing+json": components["schemas"]["AlbumSharing"];
                    "application/json": components["schemas"]["AlbumSharing"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateAlbumShares: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.sharing-update+json": components["schemas"]["AlbumSharingUpdate"];
                "application/json": components["schemas"]["AlbumSharingUpdate"];
            };
        };
        responses: {
            /** @description The links made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.sharing-link-list+json": components["schemas"]["AlbumSharingLinkList"];
                    "application/json": components["schemas"]["AlbumSharingLinkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listAlbumComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The album's comments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlbumCommentList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    addAlbumComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlbumCommentCreate"];
            };
        };
        responses: {
            /** @description The comment made. */
            201: {
                headers: {
                    /** @description The comment's href. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlbumComment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteAlbumComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The album owner's user id (from the album's href). */
                userId: components["parameters"]["AlbumOwner"];
                /** @description The album's id (from its href). */
                albumId: components["parameters"]["AlbumId"];
                /** @description The comment's id (from its href). */
                commentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getSharedAlbum: {
        parameters: {
            query?: {
                /** @description The `access` value of `POST /fotoweb/shares/{token}/access`, for a link with a password. */
                access?: components["parameters"]["ShareAccess"];
                /** @description The 0-based page of assets (from a `paging` link). */
                p?: string;
            };
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shared album. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedAlbum"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
        };
    };
    unlockSharedAlbum: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShareUnlock"];
            };
        };
        responses: {
            /** @description The access value and when it ends. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareAccessGrant"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSharedPreview: {
        parameters: {
            query?: {
                /** @description The `access` value of `POST /fotoweb/shares/{token}/access`, for a link with a password. */
                access?: components["parameters"]["ShareAccess"];
            };
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
                assetId: string;
                previewName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": components["schemas"]["Binary"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
        };
    };
    getSharedOriginal: {
        parameters: {
            query?: {
                /** @description The `access` value of `POST /fotoweb/shares/{token}/access`, for a link with a password. */
                access?: components["parameters"]["ShareAccess"];
            };
            header?: never;
            path: {
                /** @description A share link's token (from its `sharedHREF`). */
                token: components["parameters"]["ShareToken"];
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The original file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": components["schemas"]["Binary"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
        };
    };
    listTaxonomies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of taxonomies. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.taxonomy-list+json": components["schemas"]["TaxonomyList"];
                    "application/json": components["schemas"]["TaxonomyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createTaxonomy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.taxonomy-creation-info+json": components["schemas"]["TaxonomyCreationInfo"];
                "application/json": components["schemas"]["TaxonomyCreationInfo"];
            };
        };
        responses: {
            /** @description The taxonomy was created. */
            201: {
                headers: {
                    /** @description The taxonomy's URL, `/fotoweb/api/taxonomies/<field>/`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.taxonomy-info+json": components["schemas"]["TaxonomyInfo"];
                    "application/json": components["schemas"]["TaxonomyInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getTaxonomyItemsInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaxonomyInfoRequest"];
            };
        };
        responses: {
            /** @description The items found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonomySearchItem"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listArchiveTaxonomies: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The archive's numeric id. */
                archiveId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The taxonomies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Taxonomy"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    getTaxonomyNoSlash: {
        parameters: {
            query?: {
                /** @description Text to find in item names and values (case-insensitive, any level), at most 200 characters. */
                q?: components["parameters"]["TaxonomySearchText"];
            };
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["TaxonomyRepresentations"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    getTaxonomy: {
        parameters: {
            query?: {
                /** @description Text to find in item names and values (case-insensitive, any level), at most 200 characters. */
                q?: components["parameters"]["TaxonomySearchText"];
            };
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["TaxonomyRepresentations"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateTaxonomy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.taxonomy-update+json": components["schemas"]["TaxonomyUpdate"];
                "application/json": components["schemas"]["TaxonomyUpdate"];
            };
        };
        responses: {
            /** @description The taxonomy was changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    createTopLevelTaxonomyItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.taxonomy-item-creation-info+json": components["schemas"]["TaxonomyItemCreationInfo"];
                "application/json": components["schemas"]["TaxonomyItemCreationInfo"];
            };
        };
        responses: {
            201: components["responses"]["TaxonomyItemCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteTaxonomy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The taxonomy is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    importTaxonomyText: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaxonomyImportRequest"];
            };
        };
        responses: {
            /** @description What the import added. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonomyImportResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getTaxonomyItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
                /** @description A taxonomy item's id (digits in Magpie), from its `href`. */
                itemId: components["parameters"]["TaxonomyItemId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The representation chosen by `Accept`. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.taxonomy-item+json": components["schemas"]["TaxonomyItem"];
                    "application/json": components["schemas"]["TaxonomyItem"];
                    "application/vnd.fotoware.taxonomy-item-info+json": components["schemas"]["TaxonomyItemInfo"];
                    "application/vnd.fotoware.taxonomy-item-list+json": components["schemas"]["TaxonomyItemList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    updateTaxonomyItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
                /** @description A taxonomy item's id (digits in Magpie), from its `href`. */
                itemId: components["parameters"]["TaxonomyItemId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.taxonomy-item-update+json": components["schemas"]["TaxonomyItemUpdate"];
                "application/json": components["schemas"]["TaxonomyItemUpdate"];
            };
        };
        responses: {
            /** @description The stored item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.taxonomy-item+json": components["schemas"]["TaxonomyItem"];
                    "application/json": components["schemas"]["TaxonomyItem"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    createChildTaxonomyItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
                /** @description A taxonomy item's id (digits in Magpie), from its `href`. */
                itemId: components["parameters"]["TaxonomyItemId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.taxonomy-item-creation-info+json": components["schemas"]["TaxonomyItemCreationInfo"];
                "application/json": components["schemas"]["TaxonomyItemCreationInfo"];
            };
        };
        responses: {
            201: components["responses"]["TaxonomyItemCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteTaxonomyItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
                /** @description A taxonomy item's id (digits in Magpie), from its `href`. */
                itemId: components["parameters"]["TaxonomyItemId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getTaxonomyItemChildren: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The numeric id of the metadata field whose taxonomy this is (e.g. `25` Keywords), from an `href`. */
                fieldId: components["parameters"]["TaxonomyFieldId"];
                /** @description A taxonomy item's id (digits in Magpie), from its `href`. */
                itemId: components["parameters"]["TaxonomyItemId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page (or the item with it). */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.taxonomy-item-list+json": components["schemas"]["TaxonomyItemList"];
                    "application/json": components["schemas"]["TaxonomyItemList"];
                    "application/vnd.fotoware.taxonomy-item+json": components["schemas"]["TaxonomyItem"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Text to find (case-insensitive substring) in user or group lists, at most 200 characters (spec 03 §7). */
                q?: components["parameters"]["MemberSearchText"];
                /**
                 * @description The users grid's sort column (spec 03 §2.4, §7; default `username`). `fullName` sorts on the first name, then
                 *     the last name; `licenseLevel` on the number.
                 */
                sortfield?: components["parameters"]["UserSortField"];
                /** @description Sort direction (default `asc`). */
                sortdir?: components["parameters"]["SortDirection"];
                /** @description 0-based page number (default 0). Clients take it from `paging` links; a page past the end is empty. */
                p?: components["parameters"]["ListPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.user-list+json": components["schemas"]["UserList"];
                    "application/json": components["schemas"]["UserList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.user+json": components["schemas"]["UserCreate"];
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The user was created. */
            201: {
                headers: {
                    /** @description The user's `href`, `/fotoweb/api/users/<id>`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.user+json": components["schemas"]["User"];
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.user-list+json": components["schemas"]["UserDeleteList"];
                "application/json": components["schemas"]["UserDeleteList"];
            };
        };
        responses: {
            /** @description Which users were deleted and which were skipped. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDeleteResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    updateUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.user-list-update+json": components["schemas"]["UserListUpdate"];
                "application/json": components["schemas"]["UserListUpdate"];
            };
        };
        responses: {
            /** @description Which users were changed and which were skipped. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserListUpdateResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getSiteOwner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site owner's href. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.user-reference+json": components["schemas"]["UserReference"];
                    "application/json": components["schemas"]["UserReference"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    setSiteOwner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.user-reference+json": components["schemas"]["UserReference"];
                "application/json": components["schemas"]["UserReference"];
            };
        };
        responses: {
            /** @description The role was handed over. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user, in the shape `Accept` chose. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.user+json": components["schemas"]["User"];
                    "application/json": components["schemas"]["BetaUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    updateBetaUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaUserUpdate"];
            };
        };
        responses: {
            /** @description The user was changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.user+json": components["schemas"]["UserUpdate"];
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description The changed user. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.user+json": components["schemas"]["User"];
                    "application/json": components["schemas"]["BetaUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getUserMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's groups. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.memberof+json": components["schemas"]["MemberOf"];
                    "application/json": components["schemas"]["BetaGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    setUserMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMembershipIdList"];
            };
        };
        responses: {
            /** @description The memberships were set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    addUserMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMembershipIdList"];
            };
        };
        responses: {
            /** @description The user was added. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteUserMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is in no group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateUserMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.group-list-update+json": components["schemas"]["MemberListUpdate"];
                "application/json": components["schemas"]["MemberListUpdate"];
            };
        };
        responses: {
            /** @description The memberships were changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    resetUserDeviceTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens are revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listGroups: {
        parameters: {
            query?: {
                /** @description Text to find (case-insensitive substring) in user or group lists, at most 200 characters (spec 03 §7). */
                q?: components["parameters"]["MemberSearchText"];
                /** @description The groups grid's sort column (spec 03 §2.5; default `name`). */
                sortfield?: components["parameters"]["GroupSortField"];
                /** @description Sort direction (default `asc`). */
                sortdir?: components["parameters"]["SortDirection"];
                /** @description 0-based page number (default 0). Clients take it from `paging` links; a page past the end is empty. */
                p?: components["parameters"]["ListPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of groups. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.group-list+json": components["schemas"]["GroupList"];
                    "application/json": components["schemas"]["GroupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.group+json": components["schemas"]["GroupCreate"];
                "application/json": components["schemas"]["GroupCreate"];
            };
        };
        responses: {
            /** @description The group was created. */
            201: {
                headers: {
                    /** @description The group's `href`, `/fotoweb/api/groups/<id>`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.group+json": components["schemas"]["Group"];
                    "application/json": components["schemas"]["Group"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group, in the shape `Accept` chose. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.group+json": components["schemas"]["Group"];
                    "application/json": components["schemas"]["BetaGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    updateBetaGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaGroupUpdate"];
            };
        };
        responses: {
            /** @description The group was changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.group+json": components["schemas"]["GroupUpdate"];
                "application/json": components["schemas"]["GroupUpdate"];
            };
        };
        responses: {
            /** @description The changed group. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.group+json": components["schemas"]["Group"];
                    "application/json": components["schemas"]["BetaGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listGroupUsers: {
        parameters: {
            query?: {
                /** @description Text to find (case-insensitive substring) in user or group lists, at most 200 characters (spec 03 §7). */
                q?: components["parameters"]["MemberSearchText"];
                /** @description The member grids' sort column (default `name`; for users `name` is the full name). */
                sortfield?: components["parameters"]["MemberSortField"];
                /** @description Sort direction (default `asc`). */
                sortdir?: components["parameters"]["SortDirection"];
                /** @description 0-based page number (default 0). Clients take it from `paging` links; a page past the end is empty. */
                p?: components["parameters"]["ListPage"];
            };
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.member-list+json": components["schemas"]["MemberList"];
                    "application/json": components["schemas"]["BetaUser"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    setGroupUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMemberIdList"];
            };
        };
        responses: {
            /** @description The members were set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    addGroupUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMemberIdList"];
            };
        };
        responses: {
            /** @description The members were added. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteGroupUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group has no such members. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateGroupUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.group-list-update+json": components["schemas"]["MemberListUpdate"];
                "application/json": components["schemas"]["MemberListUpdate"];
            };
        };
        responses: {
            /** @description The members were changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listGroupGroups: {
        parameters: {
            query?: {
                /** @description Text to find (case-insensitive substring) in user or group lists, at most 200 characters (spec 03 §7). */
                q?: components["parameters"]["MemberSearchText"];
                /** @description The member grids' sort column (default `name`; for users `name` is the full name). */
                sortfield?: components["parameters"]["MemberSortField"];
                /** @description Sort direction (default `asc`). */
                sortdir?: components["parameters"]["SortDirection"];
                /** @description 0-based page number (default 0). Clients take it from `paging` links; a page past the end is empty. */
                p?: components["parameters"]["ListPage"];
            };
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.member-list+json": components["schemas"]["MemberList"];
                    "application/json": components["schemas"]["BetaGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    setGroupGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMemberIdList"];
            };
        };
        responses: {
            /** @description The members were set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    addGroupGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMemberIdList"];
            };
        };
        responses: {
            /** @description The members were added. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteGroupGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group has no such members. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateGroupGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.group-list-update+json": components["schemas"]["MemberListUpdate"];
                "application/json": components["schemas"]["MemberListUpdate"];
            };
        };
        responses: {
            /** @description The members were changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getGroupMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group's parents. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.memberof+json": components["schemas"]["MemberOf"];
                    "application/json": components["schemas"]["BetaGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    setGroupMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMembershipIdList"];
            };
        };
        responses: {
            /** @description The memberships were set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    addGroupMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMembershipIdList"];
            };
        };
        responses: {
            /** @description The group was added. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteGroupMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group is in no group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateGroupMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.fotoware.group-list-update+json": components["schemas"]["MemberListUpdate"];
                "application/json": components["schemas"]["MemberListUpdate"];
            };
        };
        responses: {
            /** @description The memberships were changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listBetaUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaUser"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createBetaUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaUserCreate"];
            };
        };
        responses: {
            /** @description The new user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    countUsers: {
        parameters: {
            query?: {
                /** @description Count only users of this license level (by name). */
                licenseLevel?: components["parameters"]["BetaLicenseLevel"];
                /** @description Count only users of this license mode (by name). */
                licenseMode?: components["parameters"]["BetaLicenseMode"];
                /** @description Count only SSO users or groups (`true`) or only others (`false`). Magpie has none. */
                isSso?: components["parameters"]["IsSso"];
                /** @description Count only users or groups of this SSO provider. Magpie has none. */
                ssoProvider?: components["parameters"]["SsoProvider"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many users (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The password is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getUserProperties: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The properties. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaProperty"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteUserProperties: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The properties are gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteUserProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
                /** @description A custom property's key (percent-encoded in the path), 1–100 characters. */
                key: components["parameters"]["PropertyKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The property is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    countUserMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many groups (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteUserMembership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
                /** @description The id of a group the user or group is a member of. */
                group: components["parameters"]["MembershipGroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user left the group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listUserMemberOfRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    countUserMemberOfRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many groups (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    setUserEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user's numeric id (15000 the guest, people from 15001), from the user's `href`. */
                id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaEnabled"];
            };
        };
        responses: {
            /** @description The user is enabled or disabled. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listBetaGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createBetaGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaGroupCreate"];
            };
        };
        responses: {
            /** @description The new group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    countGroups: {
        parameters: {
            query?: {
                /** @description Count only SSO users or groups (`true`) or only others (`false`). Magpie has none. */
                isSso?: components["parameters"]["IsSso"];
                /** @description Count only users or groups of this SSO provider. Magpie has none. */
                ssoProvider?: components["parameters"]["SsoProvider"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many groups (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getGroupProperties: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The properties. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaProperty"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteGroupProperties: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The properties are gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteGroupProperty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
                /** @description A custom property's key (percent-encoded in the path), 1–100 characters. */
                key: components["parameters"]["PropertyKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The property is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    countGroupMemberOf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many groups (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteGroupMembership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
                /** @description The id of a group the user or group is a member of. */
                group: components["parameters"]["MembershipGroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group left the group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listGroupMemberOfRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    countGroupMemberOfRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many groups (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    countGroupUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many members (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listGroupUsersRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaUser"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    countGroupUsersRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many members (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteGroupUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
                /** @description The id of a user member of the group. */
                member: components["parameters"]["MemberUserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member left the group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    countGroupGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many members (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listGroupGroupsRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaGroup"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    countGroupGroupsRecursive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many members (`{value}`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BetaCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteGroupGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
                /** @description The id of a group member of the group. */
                member: components["parameters"]["MemberGroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member left the group. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    setGroupMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMemberIdList"];
            };
        };
        responses: {
            /** @description The members were set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    addGroupMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BetaMemberIdList"];
            };
        };
        responses: {
            /** @description The members were added. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteGroupMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A group's numeric id (10000 the guests, 10001 Everyone, 10002 Registered Users), from the group's `href`. */
                id: components["parameters"]["GroupId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group has no members. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getConfigOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The permissions overview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigOptions"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    changeOwnPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description The password was changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetRequest"];
            };
        };
        responses: {
            /** @description Accepted. If an account uses that address, a link is on its way. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The token of a password reset link (the `token` of the reset page's address in the mail). Any text up to 200
                 *     characters is looked up: one that names no link answers 404 `PasswordResetNotFound`, never 400.
                 */
                token: components["parameters"]["PasswordResetToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link can set a password until `expires`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
        };
    };
    completePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The token of a password reset link (the `token` of the reset page's address in the mail). Any text up to 200
                 *     characters is looked up: one that names no link answers 404 `PasswordResetNotFound`, never 400.
                 */
                token: components["parameters"]["PasswordResetToken"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetCompletion"];
            };
        };
        responses: {
            /** @description The password was set; log in with it. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listApplications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API clients. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createApplication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationCreate"];
            };
        };
        responses: {
            /** @description The client was registered; keep the secret now. */
            201: {
                headers: {
                    /** @description The client's `href`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API client's id, from its `href`. */
                clientId: components["parameters"]["ClientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live API keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The key was created; keep it now. */
            201: {
                headers: {
                    /** @description The key's `href`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A legacy API key's or a webhook's id, from its `href`. */
                id: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key no longer works. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhooks, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description The webhook was registered; keep the secret now. */
            201: {
                headers: {
                    /** @description The webhook's `href`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A legacy API key's or a webhook's id, from its `href`. */
                id: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A legacy API key's or a webhook's id, from its `href`. */
                id: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A legacy API key's or a webhook's id, from its `href`. */
                id: components["parameters"]["IntegrationId"];
                /** @description The delivery's id (a UUID), from `listWebhookDeliveries`. */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, queued. */
            202: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listActivity: {
        parameters: {
            query?: {
                /** @description Only events at or after this moment (an ISO 8601 date `YYYY-MM-DD`, UTC midnight, or date-time). */
                from?: string;
                /** @description Only events before this moment; a date without a time keeps that whole day (UTC). */
                to?: string;
                /** @description Only events of this user (their id). */
                user?: number;
                /** @description Only this action (`asset.metadataEdited`), or every action of a kind given with its dot (`asset.`). */
                action?: string;
                /** @description Only events whose target's name or href contains this text (any case), or whose target id is it. */
                target?: string;
                /** @description Only events older than this one (its id); what `paging.next` carries. Clients follow that link. */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the activity log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getActivitySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivitySettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateActivitySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivitySettings"];
            };
        };
        responses: {
            /** @description The settings as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivitySettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    exportActivity: {
        parameters: {
            query?: {
                /** @description Only events at or after this moment (an ISO 8601 date `YYYY-MM-DD`, UTC midnight, or date-time). */
                from?: string;
                /** @description Only events before this moment; a date without a time keeps that whole day (UTC). */
                to?: string;
                /** @description Only events of this user (their id). */
                user?: number;
                /** @description Only this action (`asset.metadataEdited`), or every action of a kind given with its dot (`asset.`). */
                action?: string;
                /** @description Only events whose target's name or href contains this text (any case), or whose target id is it. */
                target?: string;
                /** @description Only events older than this one (its id); what `paging.next` carries. Clients follow that link. */
                before?: number;
                /** @description The file's format, `csv` (default) or `jsonl`. */
                format?: "csv" | "jsonl";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listMail: {
        parameters: {
            query?: {
                /** @description Only messages older than this one (its id); what `paging.next` carries. Clients follow that link. */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the outbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailOutbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    sendTestMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message is queued (or held in the outbox). */
            202: {
                headers: {
                    /** @description The message's `href`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getMail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message's id, from its `href`. */
                mailId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                /** @description Only invitations older than this one (its id); what `paging.next` carries. Clients follow that link. */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of active invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCreate"];
            };
        };
        responses: {
            /** @description The invitations were created (and their e-mails queued). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationsCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation's id, from its `invitationAdminHref`. */
                invitationId: components["parameters"]["InvitationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The invitation is revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listGrantableGroups: {
        parameters: {
            query?: {
                /** @description Text the group name contains. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantableGroupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getSignupForm: {
        parameters: {
            query?: {
                /** @description The token of the invitation's link. */
                invitation?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-up form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupForm"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    submitSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupRequest"];
            };
        };
        responses: {
            /** @description The sign-up was received. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupSubmitted"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSignups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pending sign-ups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    countSignups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupCount"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateSignup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A sign-up's id (a UUID, spec 03 §7 `{signup href}/{guid}`), from its `href`. */
                signupId: components["parameters"]["SignupId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupUpdate"];
            };
        };
        responses: {
            /** @description The sign-up as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Signup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    approveSignup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A sign-up's id (a UUID, spec 03 §7 `{signup href}/{guid}`), from its `href`. */
                signupId: components["parameters"]["SignupId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SignupApproval"];
            };
        };
        responses: {
            /** @description The user was created. */
            201: {
                headers: {
                    /** @description The new user's `href`, `/fotoweb/api/users/<id>`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupApproved"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    rejectSignup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A sign-up's id (a UUID, spec 03 §7 `{signup href}/{guid}`), from its `href`. */
                signupId: components["parameters"]["SignupId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The sign-up is rejected. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getSignupSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateSignupSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupSettings"];
            };
        };
        responses: {
            /** @description The settings as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getPublicApiDescriptor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public API descriptor. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.fotoware.api-descriptor+json": components["schemas"]["PublicApiDescriptor"];
                    "application/json": components["schemas"]["PublicApiDescriptor"];
                };
            };
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    listArchiveConfigs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archives. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveConfigList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createArchiveConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArchiveConfigInput"];
            };
        };
        responses: {
            /** @description The archive was added. */
            201: {
                headers: {
                    /** @description The archive's configuration `href`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getArchiveConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An archive's id (`Id`, e.g. `5000`). */
                id: components["parameters"]["ArchiveConfigId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateArchiveConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An archive's id (`Id`, e.g. `5000`). */
                id: components["parameters"]["ArchiveConfigId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArchiveConfigInput"];
            };
        };
        responses: {
            /** @description The archive as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteArchiveConfig: {
        parameters: {
            query?: {
                /** @description The id of the archive that receives this archive's assets. */
                moveAssetsTo?: string;
            };
            header?: never;
            path: {
                /** @description An archive's id (`Id`, e.g. `5000`). */
                id: components["parameters"]["ArchiveConfigId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getConsentFormSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentFormSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateConsentFormSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentFormSettings"];
            };
        };
        responses: {
            /** @description The settings as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentFormSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listConsentForms: {
        parameters: {
            query?: {
                /** @description Text to find in the person's name, the e-mail address or the category, at most 200 characters. */
                q?: string;
                /** @description 0-based page number (default 0). Clients take it from `paging` links; a page past the end is empty. */
                p?: components["parameters"]["ListPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of consent forms. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentFormPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createConsentForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentFormCreate"];
            };
        };
        responses: {
            /** @description The form; its href also in `Location`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentForm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateConsentForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The form's id, from its `href`. */
                formId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentFormUpdate"];
            };
        };
        responses: {
            /** @description The form as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentForm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteConsentForm: {
        parameters: {
            query?: {
                /** @description The ids (`uniqueid`) of the assets the form is expected to cover, comma-separated (at most 1000). */
                assets?: string;
            };
            header?: never;
            path: {
                /** @description The form's id, from its `href`. */
                formId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    linkConsentFormAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                formId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentFormAssetLink"];
            };
        };
        responses: {
            /** @description The form with its assets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentForm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    unlinkConsentFormAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                formId: number;
                /** @description The asset's `uniqueid`. */
                assetId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form with its remaining assets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentForm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listAssetConsentForms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's `uniqueid`. */
                assetId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The forms, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentFormList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listMetadataFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                filter: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fields, by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataFieldInfoList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    listMetadataNamespaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The namespaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataNamespace"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listMetadataNamespaceFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                alias: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fields. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataFieldInfoList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listMetadataGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataFieldGroup"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listMetadataGroupFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fields. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataFieldInfoList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
        };
    };
    listArchivesOld: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archives. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveSummary"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listPools: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pools. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PoolList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listMetadataViewConfigs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The views. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataViewConfigList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createMetadataViewConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetadataViewConfigCreate"];
            };
        };
        responses: {
            /** @description The view was made. */
            201: {
                headers: {
                    /** @description The view's `href`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataViewConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listConfigSettingItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                setting: "watermarks" | "quickrenditionsets" | "cropprofilesets" | "processingprofiles" | "processingprofilesets";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list (the processing profiles, the watermarks; empty for the others). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigItemList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
}
