import { useEffect, useRef, useState } from 'react';
import { BackHandler, Linking, SafeAreaView, StyleSheet } from 'react-native';
import { WebView, type WebViewMessageEvent } from 'react-native-webview';
import { hostConfig } from './src/config';
import {
  BACK_SCRIPT,
  createHostBridge,
  type HostBridge,
  hostHandleScript,
  isTrustedPage,
} from './src/host/host-bridge';
import { createPlatformModules } from './src/platform/modules';

/**
 * The wrapper: one web view on the web app. The page talks to the host through the bridge
 * (docs/native-bridge.md); everything else stays the web app's.
 */
export default function App() {
  const webView = useRef<WebView>(null);
  const bridge = useRef<HostBridge | null>(null);
  const [modules] = useState(() => createPlatformModules(hostConfig));

  const onMessage = (event: WebViewMessageEvent) => {
    bridge.current ??= createHostBridge({
      modules,
      webOrigin: hostConfig.webOrigin,
      inject: (script) => webView.current?.injectJavaScript(script),
      onWebEvent: (webEvent) => {
        if (webEvent === 'backExhausted') BackHandler.exitApp();
      },
      logError: (message, detail) => console.warn(message, detail),
    });
    void bridge.current.handleWebMessage(event.nativeEvent.data, event.nativeEvent.url);
  };

  // Android's back button: the web's back hook decides (spec §2)
  useEffect(() => {
    const subscription = BackHandler.addEventListener('hardwareBackPress', () => {
      webView.current?.injectJavaScript(BACK_SCRIPT);
      return true;
    });
    return () => subscription.remove();
  }, []);

  return (
    <SafeAreaView style={styles.root}>
      <WebView
        ref={webView}
        source={{ uri: hostConfig.webOrigin }}
        injectedJavaScriptBeforeContentLoaded={hostHandleScript(modules.platform)}
        onMessage={onMessage}
        // the web app stays inside; any other address opens outside the app
        originWhitelist={[hostConfig.webOrigin]}
        onShouldStartLoadWithRequest={(request) => {
          if (isTrustedPage(request.url, hostConfig.webOrigin) || request.url === 'about:blank')
            return true;
          void Linking.openURL(request.url);
          return false;
        }}
        allowsBackForwardNavigationGestures
        mediaPlaybackRequiresUserAction={false}
        allowsInlineMediaPlayback
        sharedCookiesEnabled
      />
    </SafeAreaView>
  );
}

const styles = StyleSheet.create({ root: { flex: 1, backgroundColor: '#000' } });
