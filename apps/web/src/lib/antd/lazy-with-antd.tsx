import { lazy, type ComponentProps, type ComponentType } from 'react';
import { loadAntdStyles } from './antd-styles.ts';

/** Loads antd's scope (theme, locale, <App>) and antd's styles beside the module that needs them. */
export async function loadAntdScope() {
  const [scope] = await Promise.all([import('./antd-scope.tsx'), loadAntdStyles()]);
  return scope;
}

/**
 * Loads a component that uses antd together with antd's scope, and gives it back rendered inside
 * the scope, so the screens around it need not load antd (issue 16). The router's pages use it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props inferred
export async function loadWithAntd<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): Promise<ComponentType<ComponentProps<C>>> {
  const [{ default: Component }, { AntdScope }] = await Promise.all([load(), loadAntdScope()]);
  return function WithAntd(props: ComponentProps<C>) {
    return (
      <AntdScope>
        <Component {...props} />
      </AntdScope>
    );
  };
}

/** `React.lazy` for a component that uses antd: `loadWithAntd` on first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props inferred
export function lazyWithAntd<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): ComponentType<ComponentProps<C>> {
  return lazy(async () => ({ default: await loadWithAntd(load) }));
}
