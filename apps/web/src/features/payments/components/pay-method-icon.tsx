import type { PayMethod } from '@app/contract/enums';

/**
 * The two payment apps' icons, drawn for this app (simple original shapes in each brand's colour, not
 * their logos): WeChat Pay a green tile with a speech bubble and a tick, Alipay a blue tile with a
 * yuan sign. Decorative: the method's name is always written beside it.
 */
export function PayMethodIcon({ method, size = 24 }: { method: PayMethod; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="ls-pay-icon"
      data-method={method}
    >
      {method === 'wechat' ? (
        <>
          <rect width="24" height="24" rx="6" fill="#07a85a" />
          <path
            d="M5 7.5C5 6.1 6.1 5 7.5 5h9C17.9 5 19 6.1 19 7.5v6c0 1.4-1.1 2.5-2.5 2.5H11l-3.6 3v-3A2.5 2.5 0 0 1 5 13.5z"
            fill="#fff"
          />
          <path
            d="m8.6 10.6 2.2 2.2 4.6-4.6"
            fill="none"
            stroke="#07a85a"
            strokeWidth="1.9"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </>
      ) : (
        <>
          <rect width="24" height="24" rx="6" fill="#1677ff" />
          <path
            d="m7.5 5.5 4.5 6 4.5-6M12 11.5V19M8.2 12.4h7.6M8.2 15.4h7.6"
            fill="none"
            stroke="#fff"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </>
      )}
    </svg>
  );
}
