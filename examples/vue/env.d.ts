// The oz-agui tags, typed in this app's templates.
import type {} from 'oz-agui/vue';
