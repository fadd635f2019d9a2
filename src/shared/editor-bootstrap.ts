// What the server inlines into the editor's page (/editor): the partner the host belongs to and the
// editor's copy (the `editor.*` keys of the partner's catalogue). Nothing of the member bootstrap.
export interface EditorBootstrap {
  partner: {
    id: string;
    name: string;
    programName: string;
    /** Boolean partner settings: `when.flags` and the palette's "cannot show" reasons read them. */
    flags: Record<string, boolean>;
    enrollmentType: string;
    /** The layout group the member site's `/` shows (the other one, if any, is at /discover). */
    homePage: 'home' | 'discover';
    /** The partner's route table (src/shared/routes.ts), for the link rule at the field (cms-links.ts). */
    routes: Array<{ path: string; caseSensitive?: boolean }>;
    /** What {currency}, {programName}, ... stand for on this partner's pages (summaries show them filled in). */
    placeholders: Record<string, string>;
  };
  copy: Record<string, string>;
}

export const EDITOR_BOOTSTRAP_ELEMENT_ID = 'mb-editor-bootstrap';

/** Copy keys of the editor; the member pages never receive them. */
export const EDITOR_COPY_PREFIX = 'editor.';
