// Flag images of the nationalities of SPEC.md §3 (flag-icons, MIT), 4:3. Separate files, not
// inlined: each is fetched once, only when a card with that flag is shown, and cached as immutable.
import ae from 'flag-icons/flags/4x3/ae.svg?no-inline';
import au from 'flag-icons/flags/4x3/au.svg?no-inline';
import ca from 'flag-icons/flags/4x3/ca.svg?no-inline';
import cn from 'flag-icons/flags/4x3/cn.svg?no-inline';
import gb from 'flag-icons/flags/4x3/gb.svg?no-inline';
import inFlag from 'flag-icons/flags/4x3/in.svg?no-inline';
import my from 'flag-icons/flags/4x3/my.svg?no-inline';
import ng from 'flag-icons/flags/4x3/ng.svg?no-inline';
import ph from 'flag-icons/flags/4x3/ph.svg?no-inline';
import pk from 'flag-icons/flags/4x3/pk.svg?no-inline';
import us from 'flag-icons/flags/4x3/us.svg?no-inline';
import uz from 'flag-icons/flags/4x3/uz.svg?no-inline';
import za from 'flag-icons/flags/4x3/za.svg?no-inline';

/** Flag image URL by ISO 3166 alpha-2 code (the `flag` of each nationality). */
export const FLAG_URLS: Readonly<Record<string, string>> = {
  AE: ae,
  AU: au,
  CA: ca,
  CN: cn,
  GB: gb,
  IN: inFlag,
  MY: my,
  NG: ng,
  PH: ph,
  PK: pk,
  US: us,
  UZ: uz,
  ZA: za,
};
