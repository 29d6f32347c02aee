import { isValidGstin } from './gstin.ts';

/**
 * What moves goods lawfully on an Indian road: the e-way bill number (rule 138 of the CGST Rules,
 * 12 digits as the EWB portal issues it), the vehicle's registration number (Part B of the e-way
 * bill) and the transporter's id (Part A: the transporter's GSTIN, or the 15-character TRANSIN the
 * portal enrols an unregistered transporter with, which has the GSTIN's shape and check
 * character). A shipment carries them and its delivery note prints them.
 */

export const EWAY_BILL_NUMBER_LENGTH = 12;

/** The e-way bill number as typed: spaces and dashes (as it is often grouped, 1234 5678 9012) go. */
export const normaliseEwayBillNumber = (value: string): string => value.replace(/[\s-]/g, '');

export const isEwayBillNumber = (value: string): boolean => /^\d{12}$/.test(normaliseEwayBillNumber(value));

/** A registration number as the e-way bill writes it: upper case, no spaces, dots or dashes (MH12AB1234). */
export const normaliseVehicleNumber = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * The registration formats of the Motor Vehicles Act: state (two letters), RTO (one or two
 * digits; Delhi's category letter after it), series (up to three letters) and four digits
 * (MH12AB1234, DL3CAB1234, KA011234); the Bharat series (22BH1234AB); a temporary registration
 * (TN01TMP1234-style, T followed by letters and digits).
 */
const VEHICLE_PATTERNS = [
  /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{4}$/,
  /^\d{2}BH\d{4}[A-Z]{1,2}$/,
  /^T[A-Z0-9]{6,12}$/,
] as const;

export const isVehicleNumber = (value: string): boolean => {
  const normalised = normaliseVehicleNumber(value);
  return VEHICLE_PATTERNS.some((pattern) => pattern.test(normalised));
};

/** A transporter id: a GSTIN or a TRANSIN, both 15 characters with the GSTIN's check character. */
export const normaliseTransporterId = (value: string): string => value.trim().toUpperCase();
export const isTransporterId = (value: string): boolean => isValidGstin(normaliseTransporterId(value));

export const TRANSPORT_MESSAGES = {
  eway_bill_number: 'Please enter the 12-digit e-way bill number.',
  vehicle_number: 'Please enter a valid vehicle registration number, such as MH12AB1234.',
  transporter_id:
    "Please enter a valid transporter id: the transporter's GSTIN or TRANSIN, 15 characters such as 27AAPFU0939F1ZV.",
} as const;
