import { createMockPaymentService } from '@/lib/mock-payments';

/** Payments are simulated locally until the card-payment issue lands (spec §7). */
export const paymentService = createMockPaymentService();
