/** Document title of SPEC.md §1 and DESIGN.md §8: `<page title> - <brand title>`. */
export function formatTitle(pageTitle: string | null | undefined, brandTitle: string): string {
  const page = pageTitle?.trim();
  const brand = brandTitle.trim();
  if (!page) return brand;
  if (!brand) return page;
  return `${page} - ${brand}`;
}
