import { useEffect, useRef, useState } from 'react';
import { QRCode } from 'antd';
import {
  CheckCircleFilled,
  CopyOutlined,
  DownloadOutlined,
  ExclamationCircleFilled,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text.ts';
import './assistant-wechat.css';

type AssistantWeChatProps = {
  /** The assistant's WeChat ID. */
  wechat: string;
  /** What the QR code encodes (their WeChat contact link). */
  qr: string;
  qrSize?: number;
};

/**
 * The teaching assistant's WeChat, usable on the phone the student reads it on (issue 33 §4): a
 * student cannot scan their own screen, so the ID can be copied (then searched in WeChat) and the QR
 * code is an image to save, or to press and hold (WeChat then offers to read it). Used by the FAQ's
 * contact section and the header's assistant dialog.
 */
export function AssistantWeChat({ wechat, qr, qrSize = 150 }: AssistantWeChatProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const idRef = useRef<HTMLElement>(null);

  const copy = async () => {
    const ok = await copyText(wechat);
    setCopied(ok ? 'yes' : 'no');
    // Selected, so a press and hold copies it by hand.
    if (!ok && idRef.current) window.getSelection()?.selectAllChildren(idRef.current);
  };

  return (
    <div className="ls-wechat" data-testid="assistant-wechat">
      <div className="ls-wechat-id">
        <span className="ls-wechat-id-text">
          <span className="ls-muted">{t('assistant.wechat')}</span>{' '}
          <strong ref={idRef} data-testid="assistant-wechat-id">
            {wechat}
          </strong>
        </span>
        <button
          type="button"
          className="ls-btn ls-wechat-action"
          onClick={() => void copy()}
          aria-label={t('assistant.copyLabel', { id: wechat })}
          data-testid="assistant-wechat-copy"
        >
          <CopyOutlined aria-hidden="true" />
          {t('assistant.copy')}
        </button>
      </div>
      <p
        className="ls-wechat-status"
        role="status"
        data-testid="assistant-wechat-status"
        data-result={copied ?? ''}
      >
        {copied === 'yes' && (
          <>
            <CheckCircleFilled className="ls-wechat-ok" aria-hidden="true" /> {t('assistant.copied')}
          </>
        )}
        {copied === 'no' && (
          <>
            <ExclamationCircleFilled className="ls-wechat-failed" aria-hidden="true" />{' '}
            {t('assistant.copyFailed')}
          </>
        )}
      </p>
      <QrImage value={qr} size={qrSize} />
    </div>
  );
}

/**
 * The QR code as a PNG image (a canvas cannot be saved or pressed and held on a phone), with a link
 * that downloads it. antd draws the canvas in its effect, which runs before this one.
 */
function QrImage({ value, size }: { value: string; size: number }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const [png, setPng] = useState<string | null>(null);
  useEffect(() => {
    const canvas = holder.current?.querySelector('canvas');
    // A canvas export is the only way from antd's QR code to an image; it is drawn by now.
    if (canvas) setPng(canvas.toDataURL('image/png'));
  }, [value]);
  return (
    <figure className="ls-wechat-qr">
      <div ref={holder} className="ls-wechat-qr-code" hidden={png !== null}>
        {/* Dark on white in both themes: scanners read that best. */}
        <QRCode
          value={value}
          size={size}
          color="#000000"
          bgColor="#ffffff"
          bordered={false}
          aria-label={t('assistant.qrLabel')}
        />
      </div>
      {png && (
        <img
          src={png}
          width={size}
          height={size}
          alt={t('assistant.qrLabel')}
          className="ls-wechat-qr-code"
          data-testid="assistant-qr-image"
        />
      )}
      <figcaption className="ls-small ls-muted">
        <span className="ls-wechat-hint">{t('assistant.qrHint')}</span>
        <span className="ls-wechat-hint">{t('assistant.saveQrHint')}</span>
      </figcaption>
      {png && (
        <a
          href={png}
          download="wechat-assistant-qr.png"
          className="ls-btn ls-wechat-action"
          data-testid="assistant-qr-save"
        >
          <DownloadOutlined aria-hidden="true" />
          {t('assistant.saveQr')}
        </a>
      )}
    </figure>
  );
}
