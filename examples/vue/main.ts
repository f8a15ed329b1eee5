import { createApp } from 'vue';
import 'oz-agui/define';
import App from './App.vue';

createApp(App).mount('#app');
