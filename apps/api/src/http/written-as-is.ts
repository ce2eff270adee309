/**
 * A route's serializer for answers whose zod schema holds transforms (contracts onboardingSchema: its
 * optionalText and country lists transform the SPA's input), which zod cannot run backwards to encode an
 * answer. Such answers are built typed by their repository and written as they are; the response schema
 * still documents them in OpenAPI and types the handler.
 */
export const writtenAsIs = () => (data: unknown) => JSON.stringify(data);
