// What the media chooser hands back: one entry per chosen file or URL.
export interface ChosenMedia {
  localURL: string;
  publicURL: string;
  name: string;
}

/** What the widget is choosing for: images (image, carousel) or files with allowed extensions. */
export interface ChooserRequest {
  kind: 'image' | 'file';
  multiple: boolean;
  /** How many more may be added (carousel: max_images minus those held); null: no limit. */
  room: number | null;
  /** Lower-case extensions without dots; empty: any (a file field without extensions). */
  extensions: readonly string[];
  fieldKey: string;
  customData: Record<string, unknown>;
}
