/* THDGlooStore: each of Gloo's store calls as one call of the THDStoreClient (see the header).
 * A failure (rank 0 gone, a key never set within the timeout) is thrown as gloo::IoException,
 * as Gloo's own stores do, so that connectFullMesh gives up and the channel reports it. */
#include "THDGlooStore.h"

#include <cstdlib>
#include <memory>

#include <gloo/common/error.h>

THDGlooStore::THDGlooStore(const THDStoreClient &client, std::chrono::milliseconds timeout)
    : client_(client), timeout_(timeout) {}

void THDGlooStore::set(const std::string &key, const std::vector<char> &data)
{
  char error[THD_ERROR_SIZE] = "";
  /* A context of one rank publishes no addresses: an empty value, whose data() may be NULL. */
  static const char nothing = 0;
  const void *bytes = data.empty() ? &nothing : data.data();
  if (client_.set(client_.impl, key.c_str(), bytes, data.size(), error) != 0)
    throw gloo::IoException("could not publish '" + key + "' in rank 0's store: " + error);
}

std::vector<char> THDGlooStore::get(const std::string &key)
{
  return fetch(key, timeout_);
}

void THDGlooStore::wait(const std::vector<std::string> &keys)
{
  wait(keys, timeout_);
}

/* The THD store has no wait of its own: its get already waits for a key, so waiting is getting
 * and dropping the value. Gloo reads the value again with get afterwards, which then answers at
 * once. */
void THDGlooStore::wait(const std::vector<std::string> &keys,
                        const std::chrono::milliseconds &timeout)
{
  for (const std::string &key : keys)
    fetch(key, timeout);
}

std::vector<char> THDGlooStore::fetch(const std::string &key, std::chrono::milliseconds timeout)
{
  char error[THD_ERROR_SIZE] = "";
  void *value = nullptr;
  size_t size = 0;
  double seconds = timeout.count() / 1000.0;
  if (client_.get(client_.impl, key.c_str(), &value, &size, seconds, error) != 0)
    throw gloo::IoException("could not read '" + key + "' from rank 0's store: " + error);
  std::unique_ptr<void, void (*)(void *)> owned(value, free);  /* freed also if the copy throws */
  const char *bytes = static_cast<const char *>(value);
  return std::vector<char>(bytes, bytes + size);
}
