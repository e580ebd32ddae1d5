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
 * the first time the component renders (CSS-in-JS): on a phone that is a large part of a page's
 * first render. This plugin renders the components the app uses once in Node, with the app's theme,
 * collects what antd would have injected (@ant-design/cssinjs `extractStyle`) and writes it to the
 * build as a stylesheet of its own (assets/antd-*.css). The module `virtual:antd-static-styles`
 * gives its address; lib/antd/antd-styles.ts links it when antd is first needed, ahead of the app's
 * own styles, so the cascade is the one antd's run-time styles have. The home page's first screen
 * renders without antd and does not load it.
 *
 * The file ends with the map of style paths it holds; at run time antd reads that map (once, on its
 * first style) and skips computing every style it lists (`existPath` in cssinjs' useStyleRegister).
 * A component missing from the list still works: antd computes its style in the browser.
 *
 * Only the component styles are extracted: the design tokens (CSS variables, different in light and
 * dark mode) are still set by antd at run time, a single cheap step. The style paths do not depend on
 * the theme's values (CSS-variables mode), so one file serves both modes.
 */
const VIRTUAL_ID = 'virtual:antd-static-styles';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type Antd = typeof AntdModule;

/**
 * Every antd export the app imports, with the class its styles start with (null: no styles of its
 * own). `catalog` renders each in the states that register their styles (a form item with an error,
 * each alert type, an open modal and drawer...). A component missing here still works: antd computes
 * its style in the browser. antd-static-style.test.ts checks this list against the app's imports
 * and the extracted CSS against this list.
 */
export const ANTD_EXPORTS: Record<string, string | null> = {
  Alert: '.ant-alert',
  App: '.ant-app',
  Avatar: '.ant-avatar',
  Breadcrumb: '.ant-breadcrumb',
  Button: '.ant-btn',
  Checkbox: '.ant-checkbox',
  ConfigProvider: null,
  Descriptions: '.ant-descriptions',
  Divider: '.ant-divider',
  Drawer: '.ant-drawer',
  Form: '.ant-form',
  Grid: null,
  Input: '.ant-input',
  Modal: '.ant-modal',
  Pagination: '.ant-pagination',
  Popconfirm: '.ant-popconfirm',
  Progress: '.ant-progress',
  QRCode: '.ant-qrcode',
  Radio: '.ant-radio',
  Rate: '.ant-rate',
  Segmented: '.ant-segmented',
  Select: '.ant-select',
  Skeleton: '.ant-skeleton',
  Space: '.ant-space',
  Spin: '.ant-spin',
  Switch: '.ant-switch',
  Typography: '.ant-typography',
  theme: null,
};

function catalog(
  antd: Antd,
  h: (type: unknown, props?: object | null, ...children: ReactNode[]) => ReactElement,
) {
  const { Alert, App, Avatar, Breadcrumb, Button, Checkbox, Descriptions, Divider } = antd;
  const { Drawer, Empty, Form, Input, Modal, Pagination, Popconfirm, Progress } = antd;
  const { QRCode, Radio, Rate, Segmented, Select, Skeleton, Space, Spin, Switch } = antd;
  const { Typography } = antd;
  const alerts = (['success', 'info', 'warning', 'error'] as const).map((type) =>
    h(Alert, { key: type, type, showIcon: true, message: 'a', description: 'd', closable: true }),
  );
  return h(
    App,
    null,
    h(Button, { type: 'primary' }, 'b'),
    h(Button, { type: 'link', danger: true, loading: true, size: 'small' }, 'b'),
    h(Button, { type: 'text', shape: 'circle', size: 'large', block: true }, 'b'),
    h(Input, { prefix: 'p', suffix: 's', allowClear: true, status: 'error' }),
    h(Input.Search, { enterButton: 's', allowClear: true }),
    h(Input.Password, null),
    h(Input.TextArea, { showCount: true, maxLength: 10 }),
    h(Select, { options: [{ value: 'a', label: 'a' }], value: 'a' }),
    h(Select, { mode: 'multiple', options: [{ value: 'a', label: 'a' }], value: ['a'] }),
    h(Checkbox, null, 'c'),
    h(Checkbox.Group, { options: ['a', 'b'] }),
    h(Radio.Group, { options: ['a', 'b'] }),
    h(Radio.Group, { optionType: 'button', buttonStyle: 'solid', options: ['a', 'b'] }),
    h(Pagination, { total: 50, showSizeChanger: false }),
    h(Skeleton, { active: true, avatar: true }),
    h(Skeleton.Button, null),
    h(Skeleton.Input, null),
    h(Skeleton.Avatar, null),
    h(Skeleton.Image, null),
    h(Space, null, 's'),
    h(Space.Compact, null, 's'),
    // Not imported by the app, but shown inside an empty Select's list.
    h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }),
    h(Spin, null),
    h(Drawer, { open: true, title: 'd' }, 'd'),
    h(Modal, { open: true, title: 'm' }, 'm'),
    h(
      Form,
      { layout: 'vertical' },
      h(
        Form.Item,
        { label: 'l', required: true, help: 'h', validateStatus: 'error', hasFeedback: true },
        h(Input, null),
      ),
    ),
    h(Form, { layout: 'horizontal' }, h(Form.Item, { label: 'l', extra: 'e' }, h(Input, null))),
    ...alerts,
    h(Avatar, { size: 'large' }, 'a'),
    h(Breadcrumb, { items: [{ title: 'a' }, { title: 'b' }] }),
    h(Descriptions, { bordered: true, column: 1, items: [{ key: 'a', label: 'a', children: 'b' }] }),
    h(Descriptions, { items: [{ key: 'a', label: 'a', children: 'b' }] }),
    h(Divider, null, 'd'),
    h(Divider, { type: 'vertical' }),
    h(Popconfirm, { title: 'p', open: true }, h('span', null, 'p')),
    h(Progress, { percent: 50 }),
    h(Progress, { type: 'circle', percent: 50 }),
    h(QRCode, { value: 'q' }),
    h(Rate, { value: 3 }),
    h(Segmented, { options: ['a', 'b'] }),
    h(Switch, null),
    h(Typography.Title, { level: 3 }, 't'),
    h(Typography.Paragraph, { ellipsis: { rows: 2 } }, 'p'),
    h(Typography.Text, { type: 'secondary' }, 't'),
  );
}

/** antd's styles for the components of `catalog`, in light and dark mode, with their path map. */
export async function extractAntdStyles(
  root: string,
  buildTheme: (dark: boolean) => ThemeConfig,
): Promise<string> {
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
 * Serves `virtual:antd-static-styles`, whose default export is the address of antd's component
 * styles in the production build, and null in the dev server (antd computes them in the browser
 * there, with the dev-only class names).
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
      if (!build) return 'export default null;';
      if (process.env.NODE_ENV !== 'production') {
        // antd's class hashes differ between development and production: a map made under another
        // NODE_ENV would match nothing in the built app.
        this.error('antd static styles need NODE_ENV=production when building');
      }
      const css = await extractAntdStyles(options.root, options.buildTheme);
      const ref = this.emitFile({ type: 'asset', name: 'antd.css', source: css });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
