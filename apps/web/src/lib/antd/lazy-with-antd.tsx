import { lazy, type ComponentProps, type ComponentType } from 'react';

/** Loads antd's scope (theme, locale, <App>) beside the module that needs it. */
export const loadAntdScope = () => import('./antd-scope.tsx');

/**
 * `React.lazy` for a component that uses antd: loads it together with antd's scope and renders it
 * inside the scope, so the screens around it need not load antd (issue 16).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props inferred
export function lazyWithAntd<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): ComponentType<ComponentProps<C>> {
  return lazy(async () => {
    const [{ default: Component }, { AntdScope }] = await Promise.all([load(), loadAntdScope()]);
    function WithAntd(props: ComponentProps<C>) {
      return (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      );
    }
    return { default: WithAntd };
  });
}
