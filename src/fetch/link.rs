//! Reading GitHub's `Link` pagination header and the page number it points to.
//!
//! Why: GitHub paginates files (100 per page, 3,000 max) and commits (250 max); the docs say
//! to follow `Link` URLs rather than build them. Once page 1 names `rel="last"`, the fetcher
//! requests pages 2..N at once (derived from that last URL by changing only its `page`
//! parameter) so a 7-page PR costs one more round trip, not six.
//! Source: docs.github.com "Using pagination in the REST API".

/// The URL with relation `rel` (e.g. "next", "last") in a `Link` header.
pub fn link_url(header: &str, rel: &str) -> Option<String> {
    header.split(',').find_map(|part| {
        let mut pieces = part.split(';');
        let target = pieces.next()?.trim();
        let url = target.strip_prefix('<')?.strip_suffix('>')?;
        let matches = pieces.any(|param| {
            let param = param.trim();
            param == format!("rel=\"{rel}\"") || param == format!("rel={rel}")
        });
        matches.then(|| url.to_string())
    })
}

/// The value of the `page` query parameter of a URL.
pub fn page_number(url: &str) -> Option<u32> {
    query_params(url).find_map(|(key, value)| (key == "page").then(|| value.parse().ok())?)
}

/// The same URL with its `page` parameter set to `page` (added when absent).
pub fn with_page(url: &str, page: u32) -> String {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut params: Vec<String> = query
        .split('&')
        .filter(|param| !param.is_empty() && !param.starts_with("page="))
        .map(str::to_string)
        .collect();
    params.push(format!("page={page}"));
    format!("{base}?{}", params.join("&"))
}

fn query_params(url: &str) -> impl Iterator<Item = (&str, &str)> {
    url.split_once('?')
        .map(|(_, query)| query)
        .unwrap_or("")
        .split('&')
        .filter_map(|param| param.split_once('='))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "<https://api.github.com/repositories/1/pulls/5/files?per_page=100&page=2>; rel=\"next\", <https://api.github.com/repositories/1/pulls/5/files?per_page=100&page=7>; rel=\"last\"";

    #[test]
    fn finds_next_and_last_links() {
        assert_eq!(
            link_url(HEADER, "next").as_deref(),
            Some("https://api.github.com/repositories/1/pulls/5/files?per_page=100&page=2")
        );
        let last = link_url(HEADER, "last").unwrap();
        assert_eq!(page_number(&last), Some(7));
        assert_eq!(link_url(HEADER, "prev"), None);
    }

    #[test]
    fn rewrites_only_the_page_parameter() {
        let last = link_url(HEADER, "last").unwrap();
        assert_eq!(
            with_page(&last, 3),
            "https://api.github.com/repositories/1/pulls/5/files?per_page=100&page=3"
        );
        assert_eq!(with_page("https://x/y", 2), "https://x/y?page=2");
    }
}
