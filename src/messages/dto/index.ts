export * from './contact-object.dto';
export * from './content-objects.dto';
export * from './interactive-object.dto';
export * from './media-object.dto';
export * from './send-message.dto';
export * from './template-object.dto';
