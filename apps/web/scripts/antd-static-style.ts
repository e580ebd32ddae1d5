import { createRequire } from 'node:module';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Plugin } from 'vite';
import type * as AntdModule from 'antd';
import type { ThemeConfig } from 'antd';
import type * as CssInJsModule from '@ant-design/cssinjs';
import type * as ReactModule from 'react';
import type * as ReactDomServerModule from 'react-dom/server';

/**
 * antd's styles computed at build time (issue 16). antd 6 writes each component's CSS in the browser
 * the first time the component renders (CSS-in-JS): on a phone that is most of the first render of
 * the home page. This plugin renders the components the app uses once in Node, with the app's theme,
 * collects what antd would have injected (@ant-design/cssinjs `extractStyle`) and serves it as the
 * module `virtual:antd-static.css`, imported before the app's own styles. The file ends with the map
 * of style paths it holds; at run time antd reads that map and skips computing every style it lists
 * (`existPath` in cssinjs' useStyleRegister). A component missing from the list still works: antd
 * computes its style in the browser, as before.
 *
 * Only the component styles are extracted: the design tokens (CSS variables, different in light and
 * dark mode) are still set by antd at run time, a single cheap step. The style paths do not depend on
 * the theme's values (CSS-variables mode), so one file serves both modes.
 */
const VIRTUAL_ID = 'virtual:antd-static.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type Antd = typeof AntdModule;

/**
 * The antd components of the home page's first screen (shell, teacher filters, list, pager, the
 * profile drawer of a deep link), in the states that register their styles. Other screens' components
 * are left out on purpose: their CSS (the form's grid alone is 80 KB) would weigh on every first
 * load, and antd computes it in the browser when they open, as before.
 */
function catalog(
  antd: Antd,
  h: (type: unknown, props?: object | null, ...children: ReactNode[]) => ReactElement,
) {
  const { App, Badge, Button, Checkbox, Drawer, Dropdown, Empty, Input, Pagination, Select, Skeleton } = antd;
  const { Space, Spin, Tag } = antd;
  return h(
    App,
    null,
    h(Button, { type: 'primary' }, 'b'),
    h(Badge, { count: 1 }, h(Button, null, 'b')),
    h(Dropdown, { menu: { items: [{ key: 'a', label: 'a' }] } }, h('span', null, 'd')),
    h(Input.Search, { enterButton: 's', allowClear: true }),
    h(Select, { options: [{ value: 'a', label: 'a' }], value: 'a' }),
    h(Checkbox, null, 'c'),
    h(Pagination, { total: 50 }),
    h(Skeleton, { active: true, avatar: true }),
    h(Skeleton.Button, null),
    h(Tag, null, 't'),
    h(Space.Compact, null, 's'),
    h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }),
    h(Spin, null),
    h(Drawer, { open: true, title: 'd' }, 'd'),
  );
}

async function extractAntdStyles(root: string, buildTheme: (dark: boolean) => ThemeConfig): Promise<string> {
  // The app's own copies of React and antd (one instance of cssinjs for antd and the extraction).
  const require = createRequire(`${root}/package.json`);
  const React = require('react') as typeof ReactModule;
  const { renderToString } = require('react-dom/server') as typeof ReactDomServerModule;
  const antd = require('antd') as Antd;
  const cssinjs = require('@ant-design/cssinjs') as typeof CssInJsModule;
  const h = React.createElement as unknown as Parameters<typeof catalog>[1];
  const cache = cssinjs.createCache();
  for (const dark of [false, true]) {
    renderToString(
      h(
        cssinjs.StyleProvider as ComponentType,
        { cache },
        h(
          antd.ConfigProvider,
          { theme: buildTheme(dark), button: { autoInsertSpace: false } },
          catalog(antd, h),
        ),
      ),
    );
  }
  return cssinjs.extractStyle(cache, { plain: true, types: ['style'] });
}

/**
 * Serves `virtual:antd-static.css`: antd's component styles for the production build; empty in the
 * dev server (antd computes them in the browser there, with the dev-only class names).
 */
export function antdStaticStyle(options: {
  root: string;
  buildTheme: (dark: boolean) => ThemeConfig;
}): Plugin {
  let build = false;
  return {
    name: 'linguaspark:antd-static-style',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!build) return '';
      if (process.env.NODE_ENV !== 'production') {
        // antd's class hashes differ between development and production: a map made under another
        // NODE_ENV would match nothing in the built app.
        this.error('antd static styles need NODE_ENV=production when building');
      }
      return extractAntdStyles(options.root, options.buildTheme);
    },
  };
}
