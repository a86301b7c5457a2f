/** The platform version reported by every service (set QUERYLANE_VERSION in images). */
export const version = process.env.QUERYLANE_VERSION ?? '0.1.0';
