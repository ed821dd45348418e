import { dateFormat } from '@fitpost/contract';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en';

dayjs.locale('en');

/** A date as the product shows it: M/D/YYYY (spec §9); empty for no date. */
export function formatDate(value: string | Date | Dayjs | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(dateFormat) : '';
}
