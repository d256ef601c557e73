/** Rich text rules run on the text with tags stripped (spec section 5); &nbsp; counts as a space. */
export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
}
