import { imageDimensionsMessage, mediaMessages } from '@fitpost/contract';
import { AppError, badRequest } from '../../lib/errors.js';

/**
 * 415 for a file that is not an image we accept. The contract's error codes have no 415 of their
 * own yet, so this keeps the `bad_request` code and sets the status the client should see.
 */
export class UnsupportedImageError extends AppError {
  override readonly status = 415;

  constructor() {
    super('bad_request', mediaMessages.notAnImage);
    this.name = 'UnsupportedImageError';
  }
}

export const imageTooLarge = () => new AppError('payload_too_large', mediaMessages.tooLarge);
export const imageUnreadable = () => badRequest(mediaMessages.unreadable);
export const imageOutOfBounds = (width: number, height: number) =>
  badRequest(imageDimensionsMessage(width, height));
