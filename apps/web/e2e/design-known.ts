/**
 * Design gaps seen on main that are not fixed yet (issue 33 §1), as design-facts.ts names them
 * (`<rule>: <variant>`, or `<rule>: <element kind>` for touch targets). The route walk fails on any
 * gap not listed here, so the list only shrinks: remove a line when its gap is fixed. Issue 33's
 * design system is done when this list is empty.
 *
 * To see every gap of a walk with its places: DESIGN_REPORT=1 on a11y-routes-*.e2e.ts.
 */
export const KNOWN_DESIGN_GAPS: readonly string[] = [];
