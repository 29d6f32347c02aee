import dayjs from 'dayjs';

/** A calendar day (YYYY-MM-DD) as the screens show dates: 31/01/2025; '—' without one. */
export const formatDay = (day: string | null | undefined) => (day ? dayjs(day).format('DD/MM/YYYY') : '—');
