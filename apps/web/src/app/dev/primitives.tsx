import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Input, Pagination, Segmented } from 'antd';
import { PAY_ORDER_STATUSES } from '@app/contract/enums';
import { EnumTag } from '../../components/enum-tag.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { SubNav } from '../../components/sub-nav.tsx';
import { colors, radii, sizes, space, type } from '../../lib/design/tokens.ts';
import './primitives.css';

/**
 * /dev/primitives, in development builds only (router.tsx): every primitive of the design system
 * (issue 33 §1) on one page, the app's own beside antd's, to compare them in both themes and both
 * languages (the header's switches). Team-facing: the texts are the primitives' own.
 */
export default function PrimitivesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState(2);
  return (
    <div className="ls-dev">
      <h1>{t('titles.devPrimitives')}</h1>

      <section aria-labelledby="dev-tokens">
        <h2 id="dev-tokens">{t('dev.tokens')}</h2>
        <div className="ls-dev-themes">
          {(['light', 'dark'] as const).map((theme) => (
            <div key={theme} className="ls-dev-swatches" style={{ background: colors[theme].bg }}>
              <strong style={{ color: colors[theme].text }}>{theme}</strong>
              {Object.entries(colors[theme]).map(([name, value]) => (
                <span key={name} className="ls-dev-swatch" style={{ color: colors[theme].text }}>
                  <span style={{ background: value }} aria-hidden="true" />
                  {name} {value}
                </span>
              ))}
            </div>
          ))}
        </div>
        <p className="ls-muted ls-small">
          control {sizes.control} / {sizes.controlSmall} px, touch {sizes.touch} px · radii{' '}
          {Object.values(radii).join(' / ')} px · space {Object.values(space).join(' ')} px · title{' '}
          {type.pageTitle} / {type.pageTitlePhone} px
        </p>
      </section>

      <section aria-labelledby="dev-buttons">
        <h2 id="dev-buttons">{t('dev.buttons')}</h2>
        <div className="ls-dev-row">
          <button type="button" className="ls-btn ls-btn-primary">
            ls-btn-primary
          </button>
          <button type="button" className="ls-btn">
            ls-btn
          </button>
          <button type="button" className="ls-btn ls-btn-text">
            ls-btn-text
          </button>
          <button type="button" className="ls-btn ls-btn-link">
            ls-btn-link
          </button>
          <button type="button" className="ls-btn ls-btn-danger">
            ls-btn-danger
          </button>
          <button type="button" className="ls-btn" disabled>
            disabled
          </button>
        </div>
        <div className="ls-dev-row">
          <Button type="primary">antd primary</Button>
          <Button>antd default</Button>
          <Button type="text">antd text</Button>
          <Button type="link">antd link</Button>
          <Button danger>antd danger</Button>
          <Button type="primary" danger>
            antd primary danger
          </Button>
          <Button size="small">antd small</Button>
        </div>
      </section>

      <section aria-labelledby="dev-nav">
        <h2 id="dev-nav">{t('dev.navigation')}</h2>
        <SubNav
          label={t('dev.navigation')}
          links={[
            { to: '/dev/primitives', label: t('titles.devPrimitives'), current: true },
            { to: '/ielts', label: t('titles.ielts'), current: false },
            { to: '/help/faq', label: t('titles.helpFaq'), current: false },
          ]}
        />
        <Segmented options={['A', 'B', 'C']} />
      </section>

      <section aria-labelledby="dev-paging">
        <h2 id="dev-paging">{t('dev.paging')}</h2>
        <Pager current={page} pageSize={10} total={95} hrefOf={(p) => `?page=${p}`} onChange={setPage} />
        <Pagination current={page} pageSize={10} total={95} showSizeChanger={false} onChange={setPage} />
      </section>

      <section aria-labelledby="dev-fields">
        <h2 id="dev-fields">{t('dev.fields')}</h2>
        <div className="ls-dev-row">
          <Input.Search aria-label="search" enterButton placeholder="Input.Search" allowClear />
          <Input aria-label="input" placeholder="Input" />
        </div>
      </section>

      <section aria-labelledby="dev-tags">
        <h2 id="dev-tags">{t('dev.tags')}</h2>
        <div className="ls-dev-row">
          {PAY_ORDER_STATUSES.map((status) => (
            <EnumTag key={status.value} items={PAY_ORDER_STATUSES} value={status.value} />
          ))}
          {['', 'is-blue', 'is-purple', 'is-gold', 'is-volcano', 'is-green'].map((tone) => (
            <span key={tone} className={`ls-tone ${tone} ls-enum-tag`}>
              ls-tone {tone}
            </span>
          ))}
        </div>
      </section>

      <section aria-labelledby="dev-states">
        <h2 id="dev-states">{t('dev.states')}</h2>
        <ListSkeleton count={1} avatar />
        <ListEmpty />
        <ListError onRetry={() => undefined} />
      </section>

      <section aria-labelledby="dev-dialogs">
        <h2 id="dev-dialogs">{t('dev.dialogs')}</h2>
        <Button
          onClick={() => void modal.confirm({ title: t('dev.dialogs'), content: t('dev.confirmText') })}
        >
          {t('dev.openConfirm')}
        </Button>
      </section>
    </div>
  );
}
